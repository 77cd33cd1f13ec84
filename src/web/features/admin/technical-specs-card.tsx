import { errorMessageOf } from "../../lib/api";
import { ErrorAlert } from "../../ui/alert";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { useTechnicalSpecs } from "./api/instance";

/**
 * The specification's technical specs: version, build, database, the configuration in effect (secrets only
 * said set or not) and the operational links (checked one by one under Deployment links).
 */
export function TechnicalSpecsCard() {
  const specs = useTechnicalSpecs();
  return (
    <Card title="Technical Specs" titleId="specs-title" data-testid="technical-specs">
      {specs.isError ? <ErrorAlert>{errorMessageOf(specs.error)}</ErrorAlert> : null}
      {specs.isPending ? <Skeleton className="h-40" /> : null}
      {specs.data ? (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-500">Version</dt>
            <dd>{specs.data.version}</dd>
            <dt className="text-slate-500">Build</dt>
            <dd className="font-mono">{specs.data.build}</dd>
            <dt className="text-slate-500">Database</dt>
            <dd>{specs.data.databaseVersion}</dd>
            <dt className="text-slate-500">Node.js</dt>
            <dd>{specs.data.nodeVersion}</dd>
          </dl>
          <div>
            <h3 className="mb-1 font-medium text-slate-800">Links</h3>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {specs.data.links.map((l) => (
                <li key={l.href}>
                  <a className="text-sky-700 underline" href={l.href}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <details>
            <summary className="cursor-pointer font-medium text-slate-800">Configuration in effect</summary>
            <table className="mt-2 w-full text-xs">
              <tbody className="divide-y divide-slate-100">
                {specs.data.configuration.map((c) => (
                  <tr key={c.key}>
                    <td className="py-1 pr-3 font-mono">{c.key}</td>
                    <td className="py-1 font-mono text-slate-600">
                      {c.secret ? (c.set ? "set (hidden)" : "not set") : (c.value ?? "not set")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
      ) : null}
    </Card>
  );
}
