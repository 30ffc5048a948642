import { ContractPage } from "./contract-page.tsx";

export default function DailySalaryPage() {
  return <ContractPage kind="daily_salary" />;
}
