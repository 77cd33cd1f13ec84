import { type FormEvent, useState } from "react";
import { type CalculateCiiResponse, calculateCiiBody } from "../../../../contracts/cii-calculator";
import {
  CII_FIRST_RATED_YEAR,
  CII_FIRST_YEAR,
  CII_LAST_YEAR,
} from "../../../../domain/cii/reduction-factors";
import { ApiError, errorMessageOf } from "../../../lib/api";
import { type FieldErrors, issuesToFieldErrors, toFieldErrors } from "../../../lib/form-errors";
import { formatNumber } from "../../../lib/format";
import { ErrorAlert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { SelectField } from "../../../ui/select-field";
import { Spinner } from "../../../ui/spinner";
import { TextField } from "../../../ui/text-field";
import { toast } from "../../../ui/toast/use-toast";
import { useCalculateCii } from "../api/calculate-cii";
import {
  CII_FORM_DEFAULTS,
  CII_SHIP_TYPE_OPTIONS,
  type CiiFormValues,
  ciiBody,
  usesGrossTonnage,
} from "../cii-form";
import { Stat, StatGrid } from "./section-frame";

const FAILED = { title: "Calculation Failed", description: "Please check your input values and try again." };

function CiiResult({ result }: { result: CalculateCiiResponse }) {
  const unit = result.capacityBasis === "GT" ? "g CO₂/GT·nm" : "g CO₂/t·nm";
  const b = result.boundaries;
  return (
    <div className="flex flex-col gap-3" data-testid="cii-result">
      {result.rating === null ? (
        <div className="flex flex-col gap-1">
          <span className="text-2xl font-bold text-slate-900" data-testid="cii-result-rating">
            Not rated
          </span>
          <p className="text-sm text-slate-600" data-testid="cii-result-note">
            {result.ratingNote}
          </p>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <span className="text-4xl font-bold text-slate-900" data-testid="cii-result-rating">
            {result.rating}
          </span>
          <Badge
            tone={result.complianceStatus === "Compliant" ? "success" : "danger"}
            data-testid="cii-result-status"
          >
            {result.complianceStatus}
          </Badge>
        </div>
      )}
      <StatGrid>
        <Stat
          label="Attained CII"
          value={formatNumber(result.attainedCII, 3)}
          hint={unit}
          testId="cii-attained"
        />
        <Stat
          label="Required CII"
          value={formatNumber(result.requiredCII, 3)}
          hint={unit}
          testId="cii-required"
        />
        <Stat
          label="Reduction from 2019 baseline"
          value={`${formatNumber(result.reductionFromBaseline, 1)} %`}
          testId="cii-reduction"
        />
        <Stat
          label="Next year's required CII"
          value={result.nextYearTarget === null ? "Not adopted yet" : formatNumber(result.nextYearTarget, 3)}
          hint={result.nextYearTarget === null ? null : unit}
          testId="cii-next-year"
        />
        <Stat label="Capacity basis" value={`${result.capacityBasis} ${formatNumber(result.capacity, 0)}`} />
      </StatGrid>
      <p className="text-xs text-slate-600" data-testid="cii-boundaries">
        Rating boundaries ({unit}): A ≤ {formatNumber(b.superior, 3)} &lt; B ≤ {formatNumber(b.lower, 3)} &lt;
        C ≤ {formatNumber(b.upper, 3)} &lt; D ≤ {formatNumber(b.inferior, 3)} &lt; E · CO₂{" "}
        {formatNumber(result.co2Tonnes, 0)} t
      </p>
    </div>
  );
}

/** The CII calculator (spec §2 environment-compliance; spec §3 inputs and outputs, §9 defaults). */
export function CiiCalculator() {
  const [values, setValues] = useState<CiiFormValues>(CII_FORM_DEFAULTS);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const calculate = useCalculateCii();
  const serverErrors = calculate.error instanceof ApiError ? toFieldErrors(calculate.error.details) : {};
  const errors = { ...serverErrors, ...clientErrors };
  const gt = usesGrossTonnage(values.shipType);
  const set = (patch: Partial<CiiFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = calculateCiiBody.safeParse(ciiBody(values));
    if (!parsed.success) {
      calculate.reset();
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      toast({ variant: "destructive", ...FAILED });
      return;
    }
    setClientErrors({});
    calculate.mutate(parsed.data, { onError: () => toast({ variant: "destructive", ...FAILED }) });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="cii-calculator">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <h4 className="text-sm font-semibold text-slate-800">CII Calculator</h4>
        <SelectField
          label="Ship type"
          name="shipType"
          value={values.shipType}
          options={CII_SHIP_TYPE_OPTIONS}
          onChange={(e) => set({ shipType: e.target.value as CiiFormValues["shipType"] })}
          data-testid="cii-ship-type"
        />
        {gt ? (
          <TextField
            label="Gross tonnage (GT)"
            name="grossTonnage"
            type="number"
            step="1"
            min={1}
            required
            value={values.grossTonnage}
            error={errors.grossTonnage}
            onChange={(e) => set({ grossTonnage: e.target.value })}
          />
        ) : (
          <TextField
            label="Deadweight (DWT)"
            name="deadweight"
            type="number"
            step="1"
            min={1}
            required
            value={values.deadweight}
            error={errors.deadweight}
            onChange={(e) => set({ deadweight: e.target.value })}
            data-testid="cii-deadweight"
          />
        )}
        <TextField
          label="Annual fuel consumption (MT, HFO)"
          name="fuelConsumption"
          type="number"
          step="1"
          min={0}
          required
          value={values.fuelConsumption}
          error={errors.fuelConsumption}
          onChange={(e) => set({ fuelConsumption: e.target.value })}
          data-testid="cii-fuel"
        />
        <TextField
          label="Distance travelled (nm)"
          name="distanceTravelled"
          type="number"
          step="1"
          min={1}
          required
          value={values.distanceTravelled}
          error={errors.distanceTravelled}
          onChange={(e) => set({ distanceTravelled: e.target.value })}
          data-testid="cii-distance"
        />
        <TextField
          label="Calculation year"
          name="calculationYear"
          type="number"
          step="1"
          min={CII_FIRST_YEAR}
          max={CII_LAST_YEAR}
          required
          hint={`Rated from ${CII_FIRST_RATED_YEAR}; earlier years are shown against the reference line only.`}
          value={values.calculationYear}
          error={errors.calculationYear}
          onChange={(e) => set({ calculationYear: e.target.value })}
          data-testid="cii-year"
        />
        <Button
          type="submit"
          disabled={calculate.isPending}
          className="self-start"
          data-testid="cii-calculate"
        >
          {calculate.isPending ? <Spinner label="Calculating" /> : null}
          Calculate CII
        </Button>
        <p className="text-xs text-slate-500">
          CII is mandatory from 1 January 2023. Reference lines MEPC.353(78), rating boundaries MEPC.354(78),
          reduction factors MEPC.338(76) and later.
        </p>
      </form>
      <div>
        {calculate.data ? (
          <CiiResult result={calculate.data} />
        ) : calculate.isError && Object.keys(serverErrors).length === 0 ? (
          <ErrorAlert>{errorMessageOf(calculate.error)}</ErrorAlert>
        ) : (
          <p className="text-sm text-slate-500">Enter the year's figures and calculate to see the rating.</p>
        )}
      </div>
    </div>
  );
}
