import { errorMessageOf } from "../../../lib/api";
import { formatNumber } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { Spinner } from "../../../ui/spinner";
import { useAnnualFigures } from "../api/compliance";
import { Panel } from "./section-frame";

/**
 * The year's fuel per grade as reported (VLSFO, LSMGO…) with its MEPC.364(79) class, and per class (the grades
 * summed, as IMO DCS and EU MRV report it and as the CO₂ factors apply): GET /api/ships/:id/annual/:year.
 */
export function AnnualFuelPanel({ shipId, year }: { shipId: number; year: number }) {
  const query = useAnnualFigures(shipId, year);
  return (
    <Panel title={`Fuel of ${year} by grade`} testId="annual-fuel">
      {query.isPending ? (
        <Spinner label="Loading the year's fuel" />
      ) : query.isError ? (
        <ErrorAlert>{errorMessageOf(query.error)}</ErrorAlert>
      ) : query.data.fuelByType.length === 0 ? (
        <p className="text-sm text-slate-600">No fuel recorded in {year} yet.</p>
      ) : (
        <table className="w-full max-w-xl text-sm">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th>Grade (as reported)</th>
              <th>Class (MEPC.364(79))</th>
              <th className="text-right">Fuel (t)</th>
            </tr>
          </thead>
          <tbody>
            {query.data.fuelByType.map((g) => (
              <tr key={g.fuelType} className="border-t border-slate-100" data-testid="annual-fuel-grade">
                <td>{g.fuelType}</td>
                <td>{g.fuelClass}</td>
                <td className="text-right tabular-nums">{formatNumber(g.tonnes, 1)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="text-slate-700">
            {query.data.fuelByClass.map((c) => (
              <tr key={c.fuelType} className="border-t border-slate-200" data-testid="annual-fuel-class">
                <td>All {c.fuelType} grades</td>
                <td>{c.fuelType}</td>
                <td className="text-right font-medium tabular-nums">{formatNumber(c.tonnes, 1)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      )}
    </Panel>
  );
}
