import { Database, HardDrive } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import type { DatabaseStatsResponse } from "../../../contracts/database-admin";
import {
  RETENTION_DEFAULT_MONTHS,
  RETENTION_MAX_MONTHS,
  RETENTION_MIN_MONTHS,
} from "../../../domain/database/retention";
import { errorMessageOf, isStepUpRequired } from "../../lib/api";
import { formatInstant, formatNumber, humaniseKey } from "../../lib/format";
import { useStepUpPrompt } from "../../lib/step-up-prompt";
import { ErrorAlert } from "../../ui/alert";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { Skeleton } from "../../ui/skeleton";
import { toast } from "../../ui/toast/use-toast";
import {
  useBackupDownload,
  useCleanup,
  useDatabaseIntegrity,
  useDatabaseStats,
  useOptimize,
  useRestore,
  useSelfTests,
} from "./api";
import { integrityPassText } from "./integrity-text";

export type DatabaseSectionId =
  | "database-admin"
  | "database-backup-export"
  | "database-performance"
  | "database-data-integrity";

type Props = { canAct: boolean };

/** The Database Admin sections of the Analysis Center (spec §2 'Database admin screen'): the organisation's. */
export function DatabaseSection({ id, canAct }: Props & { id: DatabaseSectionId }) {
  switch (id) {
    case "database-admin":
      return <Overview canAct={canAct} />;
    case "database-backup-export":
      return <BackupExport canAct={canAct} />;
    case "database-performance":
      return <Performance canAct={canAct} />;
    case "database-data-integrity":
      return <Integrity />;
  }
}

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-testid={testId}>
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      {children}
    </div>
  );
}

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string | null;
  testId?: string;
}) {
  return (
    <div className="flex flex-col rounded-md bg-slate-50 px-3 py-2" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

function Loading() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

const ReadOnlyNote = () => (
  <p className="text-xs text-slate-500" data-testid="read-only-note">
    Owners and admins run these actions; your role sees the figures.
  </p>
);

const COUNTS: [keyof DatabaseStatsResponse, string][] = [
  ["totalShips", "Ships"],
  ["totalVoyages", "Voyages"],
  ["totalFuelRecords", "Fuel records"],
  ["totalEnvironmentalRecords", "Environmental records"],
  ["totalHullRecords", "Hull records"],
  ["totalTrimRecords", "Trim records"],
  ["totalComplianceRecords", "Compliance records"],
  ["totalAuxiliaryRecords", "Auxiliary records"],
];

/** The Database Overview's figures: the organisation's record counts, data quality, SFOC, oldest and newest. */
function RecordCounts({ s }: { s: DatabaseStatsResponse }) {
  return (
    <dl className="grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="database-counts">
      {COUNTS.map(([key, label]) => (
        <Figure key={key} label={label} value={formatNumber(s[key] as number, 0)} testId={`count-${key}`} />
      ))}
      <Figure
        label="Data quality (30 days)"
        value={s.dataQuality === null ? "No data" : `${formatNumber(s.dataQuality, 1)}%`}
        hint={s.dataQuality === null ? s.dataQualityEmptyReason : null}
        testId="database-data-quality"
      />
      <Figure
        label="Average SFOC (main engines)"
        value={s.averageSfoc === null ? "No data" : `${formatNumber(s.averageSfoc, 1)} g/kWh`}
      />
      <Figure label="Oldest record" value={s.oldestRecord ? formatInstant(s.oldestRecord) : "No records"} />
      <Figure label="Newest record" value={s.newestRecord ? formatInstant(s.newestRecord) : "No records"} />
    </dl>
  );
}

function Overview({ canAct }: Props) {
  const stats = useDatabaseStats();
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <ErrorAlert>{errorMessageOf(stats.error)}</ErrorAlert>;
  return (
    <div className="flex flex-col gap-4">
      <RecordCounts s={stats.data} />
      <SelfTests canAct={canAct} />
    </div>
  );
}

/**
 * Database health for the /admin panel (spec §2, unlocked view): the Database Overview's counts and the
 * Performance section's storage health, from the same call and the same rendering, so both read alike.
 */
export function DatabaseHealth() {
  const stats = useDatabaseStats();
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <ErrorAlert>{errorMessageOf(stats.error)}</ErrorAlert>;
  return (
    <div className="flex flex-col gap-4" data-testid="database-health">
      <RecordCounts s={stats.data} />
      <StorageHealthSummary stats={stats.data} />
      <details data-testid="storage-details">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Storage health of every table
        </summary>
        <div className="mt-2">
          <StorageHealthTable stats={stats.data} />
        </div>
      </details>
      <p className="text-xs text-slate-500">
        Measured {formatInstant(stats.data.computedAt)}; refreshed every 30 s. Optimise, cleanup and backup
        are in Analysis Center › Database Admin.
      </p>
    </div>
  );
}

/** Only a real failure is red: what is not set up yet (no mail server, webhook or backup) is neutral. */
const SELF_TEST_BADGE = {
  pass: { tone: "success", label: "Pass" },
  fail: { tone: "danger", label: "Fail" },
  not_configured: { tone: "neutral", label: "Not configured" },
  no_data: { tone: "neutral", label: "No data" },
} as const;

/** The system test runner (spec §7): the server's self-tests, run on demand; the /admin panel shows it too. */
export function SelfTests({ canAct }: Props) {
  const run = useSelfTests();
  const start = () =>
    run.mutate(undefined, {
      onSuccess: (r) =>
        toast({
          title: "System Tests Completed",
          description: `${r.passed}/${r.total} tests passed${r.notConfigured > 0 ? ` · ${r.notConfigured} not set up yet` : ""}`,
          variant: r.failed === 0 ? "default" : "destructive",
        }),
      onError: () =>
        toast({ title: "Test Error", description: "Failed to run system tests", variant: "destructive" }),
    });
  return (
    <Block title="System tests" testId="self-tests">
      {canAct ? (
        <div>
          <Button onClick={start} disabled={run.isPending} data-testid="run-self-tests">
            {run.isPending ? "Running Tests…" : "Run System Tests"}
          </Button>
        </div>
      ) : (
        <ReadOnlyNote />
      )}
      {run.data ? (
        <ul className="flex flex-col gap-1 text-sm" data-testid="self-test-results">
          {run.data.results.map((r) => (
            <li key={r.id} className="flex items-start gap-2" data-testid={`self-test-${r.id}`}>
              <Badge tone={SELF_TEST_BADGE[r.status].tone}>{SELF_TEST_BADGE[r.status].label}</Badge>
              <span className="font-medium text-slate-800">{r.name}</span>
              <span className="text-slate-600">{r.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Block>
  );
}

function BackupExport({ canAct }: Props) {
  const download = useBackupDownload();
  const restore = useRestore();
  // The backup carries the whole organisation away and a restore rewrites it: both take the password again
  // (server: step-up), asked here and the action repeated.
  const stepUp = useStepUpPrompt();
  const [file, setFile] = useState<File | null>(null);
  const downloadBackup = () =>
    download.mutate(undefined, { onError: (error) => stepUp.ask(error, downloadBackup) });
  const restoreFile = (archive: File) =>
    restore.mutate(archive, {
      onSuccess: (r) =>
        toast({
          title: "Backup Restored",
          description: `${formatNumber(r.rows, 0)} rows, ${r.ships} ships restored.`,
        }),
      onError: (error) => stepUp.ask(error, () => restoreFile(archive)),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) restoreFile(file);
  };
  return (
    <div className="flex flex-col gap-4">
      <Block title="Backup" testId="backup">
        <p className="text-sm text-slate-600">
          The organisation's complete data (ships, voyages, every record, settings, upload log) as one dated,
          versioned archive with row counts and checksums. Passwords, sessions and other secrets are never
          included; daily rollups are recomputed on restore.
        </p>
        {canAct ? (
          <div>
            <Button onClick={downloadBackup} disabled={download.isPending} data-testid="download-backup">
              {download.isPending ? "Preparing backup…" : "Download Backup"}
            </Button>
          </div>
        ) : (
          <ReadOnlyNote />
        )}
      </Block>
      {canAct ? (
        <Block title="Restore" testId="restore">
          <p className="text-sm text-slate-600">
            Restores a backup into this organisation when it has no ships yet (a new organisation). All or
            nothing: a damaged archive changes nothing.
          </p>
          <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
            <input
              type="file"
              accept=".gz,application/gzip"
              aria-label="Backup archive"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="text-sm"
            />
            <Button type="submit" variant="secondary" disabled={!file || restore.isPending}>
              {restore.isPending ? "Restoring…" : "Restore Backup"}
            </Button>
          </form>
          {restore.isError && !isStepUpRequired(restore.error) ? (
            <ErrorAlert>{errorMessageOf(restore.error)}</ErrorAlert>
          ) : null}
        </Block>
      ) : null}
      {stepUp.dialog}
    </div>
  );
}

const TONE_BADGE = { good: "success", warning: "warning", critical: "danger" } as const;

const megabytes = (bytes: number) => `${formatNumber(bytes / 1_048_576, 1)} MB`;

const HEALTH_LABEL = { good: "Healthy", warning: "Needs attention", critical: "Critical" } as const;

/** How many tables have each badge, and the tables that are not healthy with why (the badges' own notes). */
function StorageHealthSummary({ stats }: { stats: DatabaseStatsResponse }) {
  const unwell = stats.storage.filter((t) => t.tone !== "good");
  const count = (tone: keyof typeof HEALTH_LABEL) => stats.storage.filter((t) => t.tone === tone).length;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="storage-summary">
      <p className="flex flex-wrap items-center gap-2">
        {(["good", "warning", "critical"] as const).map((tone) => (
          <Badge key={tone} tone={TONE_BADGE[tone]} data-testid={`storage-count-${tone}`}>
            {formatNumber(count(tone), 0)} {HEALTH_LABEL[tone].toLowerCase()}
          </Badge>
        ))}
        <span className="text-slate-500">of {formatNumber(stats.storage.length, 0)} tables</span>
      </p>
      {unwell.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {unwell.map((t) => (
            <li key={t.table} className="text-slate-700">
              <span className="font-mono text-xs">{t.table}</span>: {t.note}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Each table's rows of the organisation, size, dead rows, last analysis and health badge. */
function StorageHealthTable({ stats }: { stats: DatabaseStatsResponse }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1 pr-3">Table</th>
            <th className="py-1 pr-3 text-right">Your rows</th>
            <th className="py-1 pr-3 text-right">Size (all organisations)</th>
            <th className="py-1 pr-3 text-right">Dead rows</th>
            <th className="py-1 pr-3">Last analysed</th>
            <th className="py-1">Health</th>
          </tr>
        </thead>
        <tbody>
          {stats.storage.map((t) => (
            <tr key={t.table} className="border-t border-slate-100" data-testid={`storage-${t.table}`}>
              <td className="py-1 pr-3 font-mono text-xs">{t.table}</td>
              <td className="py-1 pr-3 text-right tabular-nums" data-testid="storage-rows">
                {formatNumber(t.rows, 0)}
              </td>
              <td className="py-1 pr-3 text-right tabular-nums">{megabytes(t.totalBytes)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(t.deadTuples, 0)}</td>
              <td className="py-1 pr-3">{t.lastAnalyzedAt ? formatInstant(t.lastAnalyzedAt) : "Never"}</td>
              <td className="py-1">
                <Badge tone={TONE_BADGE[t.tone]} data-testid="health-badge">
                  {HEALTH_LABEL[t.tone]}
                </Badge>{" "}
                <span className="text-xs text-slate-500">{t.note}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Performance({ canAct }: Props) {
  const stats = useDatabaseStats();
  const optimize = useOptimize();
  return (
    <div className="flex flex-col gap-4">
      <Block title="Storage health" testId="storage-health">
        {stats.isPending ? (
          <Loading />
        ) : stats.isError ? (
          <ErrorAlert>{errorMessageOf(stats.error)}</ErrorAlert>
        ) : (
          <StorageHealthTable stats={stats.data} />
        )}
      </Block>
      <Block title="Optimise" testId="optimize">
        <p className="text-sm text-slate-600">
          Reclaims dead rows and refreshes the planner's statistics (VACUUM ANALYZE), then recomputes the
          daily rollups of every ship from its records.
        </p>
        {canAct ? (
          <div>
            <Button
              variant="secondary"
              onClick={() => optimize.mutate()}
              disabled={optimize.isPending}
              data-testid="run-optimize"
            >
              {optimize.isPending ? "Optimizing…" : "Optimize Database"}
            </Button>
          </div>
        ) : (
          <ReadOnlyNote />
        )}
        {optimize.isError ? <ErrorAlert>{errorMessageOf(optimize.error)}</ErrorAlert> : null}
        {optimize.data ? (
          <ul className="list-disc pl-5 text-xs text-slate-600" data-testid="optimize-details">
            {optimize.data.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        ) : null}
      </Block>
      <Cleanup canAct={canAct} />
    </div>
  );
}

/** Spec §9: retention 12–120 months; an unparsable value falls back to 24. */
function parseMonths(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : RETENTION_DEFAULT_MONTHS;
}

function Cleanup({ canAct }: Props) {
  const cleanup = useCleanup();
  const stepUp = useStepUpPrompt();
  const [months, setMonths] = useState(String(RETENTION_DEFAULT_MONTHS));
  const run = (dryRun: boolean) => {
    const body = { retentionMonths: parseMonths(months), dryRun };
    const send = () => cleanup.mutate(body, { onError: (error) => stepUp.ask(error, send) });
    send();
  };
  const result = cleanup.data;
  const total = result ? Object.values(result.wouldDelete).reduce((a, b) => a + b, 0) : 0;
  return (
    <Block title="Retention cleanup" testId="cleanup">
      <p className="text-sm text-slate-600">
        Deletes the records older than the retention period, all record types, in one step; the daily rollups
        follow. Preview first: it changes nothing. Take a backup before.
      </p>
      {canAct ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-xs font-medium text-slate-600">
            Retention period (months)
            <input
              type="number"
              min={RETENTION_MIN_MONTHS}
              max={RETENTION_MAX_MONTHS}
              value={months}
              onChange={(e) => setMonths(e.target.value)}
              className="mt-1 w-28 rounded-md border border-slate-300 px-2 py-1 text-sm"
              data-testid="retention-months"
            />
          </label>
          <Button
            variant="secondary"
            onClick={() => run(true)}
            disabled={cleanup.isPending}
            data-testid="cleanup-preview"
          >
            Preview Cleanup
          </Button>
          <Button
            className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/60"
            onClick={() => run(false)}
            disabled={cleanup.isPending || !result?.dryRun || total === 0}
            data-testid="cleanup-run"
          >
            {cleanup.isPending ? "Cleaning…" : "Delete Old Records"}
          </Button>
        </div>
      ) : (
        <ReadOnlyNote />
      )}
      {cleanup.isError && !isStepUpRequired(cleanup.error) ? (
        <ErrorAlert>{errorMessageOf(cleanup.error)}</ErrorAlert>
      ) : null}
      {stepUp.dialog}
      {result ? (
        <div className="text-sm text-slate-700" data-testid="cleanup-result">
          {result.dryRun ? (
            <p>
              {total === 0
                ? `No record is older than ${formatInstant(result.cutoff)}: nothing to delete.`
                : `${formatNumber(total, 0)} records older than ${formatInstant(result.cutoff)} would be deleted:`}
            </p>
          ) : (
            <p className="font-medium text-emerald-800">
              Cleanup completed: {formatNumber(result.deletedRecords, 0)} records deleted.
            </p>
          )}
          {total > 0 ? (
            <ul className="list-disc pl-5 text-xs">
              {Object.entries(result.wouldDelete)
                .filter(([, n]) => n > 0)
                .map(([table, n]) => (
                  <li key={table}>
                    {humaniseKey(table)}: {formatNumber(n, 0)}
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Block>
  );
}

function Integrity() {
  const integrity = useDatabaseIntegrity();
  if (integrity.isPending) return <Loading />;
  if (integrity.isError) return <ErrorAlert>{errorMessageOf(integrity.error)}</ErrorAlert>;
  const d = integrity.data;
  if (d.tables.every((t) => t.records === 0))
    return (
      <EmptyState icon={Database} title="No records to check yet">
        Add records with Data Input & Tools, or upload an Excel/CSV file.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <Block title="Quality per table" testId="integrity-tables">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1 pr-3">Records</th>
              <th className="py-1 pr-3 text-right">Count</th>
              <th className="py-1 pr-3 text-right">With issues</th>
              <th className="py-1 text-right">Quality</th>
            </tr>
          </thead>
          <tbody>
            {d.tables.map((t) => (
              <tr key={t.table} className="border-t border-slate-100" data-testid={`integrity-${t.table}`}>
                <td className="py-1 pr-3">{humaniseKey(t.table)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(t.records, 0)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatNumber(t.issues, 0)}</td>
                <td className="py-1 text-right tabular-nums">
                  {t.qualityPercent === null ? "No data" : `${formatNumber(t.qualityPercent, 1)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Block>
      <Block title="Missing values by kind" testId="integrity-missing">
        {Object.keys(d.missingByKind).length === 0 ? (
          <p className="text-sm text-slate-600">No measured value is missing.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-1 text-sm md:grid-cols-3">
            {Object.entries(d.missingByKind)
              .sort(([, a], [, b]) => b - a)
              .map(([kind, n]) => (
                <li key={kind} className="flex justify-between gap-2 rounded bg-slate-50 px-2 py-1">
                  <span>{humaniseKey(kind)}</span>
                  <span className="tabular-nums">{formatNumber(n, 0)}</span>
                </li>
              ))}
          </ul>
        )}
      </Block>
      <Block title="Recommendations" testId="integrity-recommendations">
        {d.recommendations.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="integrity-pass">
            <HardDrive className="h-4 w-4" aria-hidden="true" /> {integrityPassText(d)}
          </p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            <li className="text-slate-600" data-testid="integrity-checked">
              The report checks read {formatNumber(d.fuelRecordsChecked, 0)} fuel records:
            </li>
            {d.recommendations.map((r) => (
              <li key={`${r.shipId}-${r.check}`} className="flex items-start gap-2">
                <Badge
                  tone={r.severity === "error" ? "danger" : r.severity === "warning" ? "warning" : "info"}
                >
                  {r.severity}
                </Badge>
                <span>{r.message}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>
    </div>
  );
}
