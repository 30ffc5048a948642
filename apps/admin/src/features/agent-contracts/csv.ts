// The settlement page's exports use the back office's one CSV helper.
export { downloadCsv, toCsv } from "../../lib/csv.ts";
