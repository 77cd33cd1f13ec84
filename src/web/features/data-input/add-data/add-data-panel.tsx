import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs";
import { RecordForm } from "./record-form";
import {
  AUXILIARY_FORM,
  COMPLIANCE_FORM,
  ENVIRONMENTAL_FORM,
  FUEL_FORM,
  HULL_FORM,
  MAINTENANCE_EVENT_FORM,
  type RecordFormSpec,
  SHIP_FORM,
  TRIM_FORM,
  VOYAGE_FORM,
} from "./record-forms";

const TABS: ReadonlyArray<{ value: string; label: string; spec: RecordFormSpec }> = [
  { value: "ships", label: "Ships", spec: SHIP_FORM },
  { value: "voyages", label: "Voyages", spec: VOYAGE_FORM },
  { value: "fuel", label: "Fuel Data", spec: FUEL_FORM },
  { value: "environment", label: "Environment", spec: ENVIRONMENTAL_FORM },
];

/**
 * The last tab's sections: hull condition first (spec §2), then Sextant's maintenance events, compliance,
 * trim and auxiliary.
 */
const HULL_AND_COMPLIANCE: readonly RecordFormSpec[] = [
  HULL_FORM,
  MAINTENANCE_EVENT_FORM,
  COMPLIANCE_FORM,
  TRIM_FORM,
  AUXILIARY_FORM,
];

/** The Add Data panel (spec §2): Ships, Voyages, Fuel Data, Environment, Hull and Compliance. */
export function AddDataPanel({ shipId, onDone }: { shipId: number | null; onDone: () => void }) {
  return (
    <div data-testid="add-data-panel">
      <h2 className="mb-3 text-base font-semibold text-slate-900">Add Data</h2>
      <Tabs defaultValue="ships">
        <TabsList aria-label="Data to add">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} data-testid={`add-data-tab-${tab.value}`}>
              {tab.label}
            </TabsTrigger>
          ))}
          <TabsTrigger value="hull-compliance" data-testid="add-data-tab-hull-compliance">
            Hull and Compliance
          </TabsTrigger>
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <RecordForm spec={tab.spec} preferredShipId={shipId} onDone={onDone} />
          </TabsContent>
        ))}
        <TabsContent value="hull-compliance">
          <Tabs defaultValue={HULL_FORM.id} orientation="horizontal">
            <TabsList aria-label="Hull and compliance records" className="bg-slate-50">
              {HULL_AND_COMPLIANCE.map((spec) => (
                <TabsTrigger key={spec.id} value={spec.id} data-testid={`hull-compliance-tab-${spec.id}`}>
                  {spec.title}
                </TabsTrigger>
              ))}
            </TabsList>
            {HULL_AND_COMPLIANCE.map((spec) => (
              <TabsContent key={spec.id} value={spec.id}>
                <RecordForm spec={spec} preferredShipId={shipId} onDone={onDone} />
              </TabsContent>
            ))}
          </Tabs>
        </TabsContent>
      </Tabs>
    </div>
  );
}
