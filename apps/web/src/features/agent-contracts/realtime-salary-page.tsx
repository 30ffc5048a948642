import { ContractPage } from "./contract-page.tsx";

export default function RealtimeSalaryPage() {
  return <ContractPage kind="realtime_salary" />;
}
