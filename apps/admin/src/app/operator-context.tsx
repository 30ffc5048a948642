import type { OperatorSelf } from "@panalo/contracts/admin";
import type { Permission } from "@panalo/contracts/admin-roles";
import { createContext, useContext } from "react";
import { type SectionId, sectionById } from "./sections.ts";

export const OperatorContext = createContext<OperatorSelf | null>(null);

/** The signed-in operator; only pages inside the signed-in layout call this. */
export function useOperator(): OperatorSelf {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error("useOperator outside the signed-in layout");
  return operator;
}

export function useCan(permission: Permission | null): boolean {
  const operator = useOperator();
  return permission === null || operator.permissions.includes(permission);
}

/** Whether this operator may change what the section shows. */
export function useCanWrite(section: SectionId): boolean {
  return useCan(sectionById(section).writePermission);
}
