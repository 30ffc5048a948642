import { ContractPage } from "./contract-page.tsx";

export default function HourlySalaryPage() {
  return <ContractPage kind="hourly_salary" />;
}
