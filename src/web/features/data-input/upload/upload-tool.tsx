import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs";
import { BulkUploadTab } from "./bulk-upload-tab";
import { ColumnMappingTab } from "./column-mapping-tab";
import type { UploadToolType } from "./data-type-labels";
import { TemplatesTab } from "./templates-tab";
import { UploadDataTab } from "./upload-data-tab";
import { UploadHistory } from "./upload-history";

/**
 * The Excel/CSV Data Upload Tool (spec §2): Upload Data, Bulk Upload, Column Mapping, Templates. `shipId` is the
 * dashboard's ship: the noon upload's ship for a sheet without a vessel column.
 */
export function UploadTool({ shipId = null }: { shipId?: number | null }) {
  const [dataType, setDataType] = useState<UploadToolType>("fuel");
  const [customMappingText, setCustomMappingText] = useState("");
  return (
    <div className="flex flex-col gap-6" data-testid="upload-tool">
      <h2 className="text-base font-semibold text-slate-900">Excel/CSV Data Upload Tool</h2>
      <Tabs defaultValue="upload">
        <TabsList aria-label="Upload tool">
          <TabsTrigger value="upload" data-testid="upload-tab-upload">
            Upload Data
          </TabsTrigger>
          <TabsTrigger value="bulk" data-testid="upload-tab-bulk">
            Bulk Upload
          </TabsTrigger>
          <TabsTrigger value="mapping" data-testid="upload-tab-mapping">
            Column Mapping
          </TabsTrigger>
          <TabsTrigger value="templates" data-testid="upload-tab-templates">
            Templates
          </TabsTrigger>
        </TabsList>
        <TabsContent value="upload">
          <UploadDataTab
            dataType={dataType}
            onDataType={setDataType}
            customMappingText={customMappingText}
            shipId={shipId}
          />
        </TabsContent>
        <TabsContent value="bulk">
          <BulkUploadTab />
        </TabsContent>
        <TabsContent value="mapping">
          <ColumnMappingTab
            dataType={dataType}
            onDataType={setDataType}
            customMappingText={customMappingText}
            onCustomMappingText={setCustomMappingText}
          />
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesTab />
        </TabsContent>
      </Tabs>
      <UploadHistory />
    </div>
  );
}
