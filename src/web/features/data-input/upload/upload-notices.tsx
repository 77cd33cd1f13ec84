/** Rows an upload skipped on purpose (the template's example row), with where: not errors, said plainly. */
export function UploadNotices({ notices }: { notices: readonly string[] | undefined }) {
  if (!notices || notices.length === 0) return null;
  return (
    <ul className="list-disc pl-5 text-sm text-slate-600" data-testid="upload-notices">
      {notices.map((notice) => (
        <li key={notice}>{notice}</li>
      ))}
    </ul>
  );
}
