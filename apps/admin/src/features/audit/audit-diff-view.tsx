import { useState } from "react";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { diffJson } from "./json-diff.ts";

const KIND_LABEL = {
  added: "auditDiff.added",
  removed: "auditDiff.removed",
  changed: "auditDiff.changed",
  same: "auditDiff.same",
} as const satisfies Record<string, TextKey>;

/** The fields an audited action changed, with a switch to show the untouched ones and the raw JSON. */
export function AuditDiffView({ before, after }: { before: unknown; after: unknown }) {
  const t = useT();
  const [showAll, setShowAll] = useState(false);
  const [raw, setRaw] = useState(false);
  const lines = diffJson(before, after);
  const changed = lines.filter((l) => l.kind !== "same");
  const shown = showAll ? lines : changed;

  if (lines.length === 0) return <p className="muted">{t("auditDiff.noData")}</p>;
  return (
    <div className="diff">
      <div className="diff-toolbar">
        <span className="muted">{t("auditDiff.differ", { n: changed.length, total: lines.length })}</span>
        <label className="inline-check">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />{" "}
          {t("auditDiff.showUnchanged")}
        </label>
        <label className="inline-check">
          <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} />{" "}
          {t("auditDiff.raw")}
        </label>
      </div>
      {raw ? (
        <div className="diff-raw">
          <div>
            <p className="diff-raw-title">{t("auditDiff.before")}</p>
            <pre className="code-block">{JSON.stringify(before, null, 2) ?? "null"}</pre>
          </div>
          <div>
            <p className="diff-raw-title">{t("auditDiff.after")}</p>
            <pre className="code-block">{JSON.stringify(after, null, 2) ?? "null"}</pre>
          </div>
        </div>
      ) : (
        <table className="table table--compact diff-table">
          <thead>
            <tr>
              <th scope="col">{t("auditDiff.field")}</th>
              <th scope="col">{t("auditDiff.before")}</th>
              <th scope="col">{t("auditDiff.after")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={3} className="muted">
                  {t("auditDiff.nothing")}
                </td>
              </tr>
            )}
            {shown.map((l) => (
              <tr key={l.path} className={`diff-line diff-line--${l.kind}`}>
                <th scope="row">
                  <code>{l.path}</code> <span className="visually-hidden">({t(KIND_LABEL[l.kind])})</span>
                </th>
                <td>
                  {l.before !== undefined ? (
                    <del className="diff-before">{l.before}</del>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td>
                  {l.after !== undefined ? (
                    <ins className="diff-after">{l.after}</ins>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
