import { ContractPage } from "./contract-page.tsx";

export default function DividendPage() {
  return <ContractPage kind="dividend" />;
}
