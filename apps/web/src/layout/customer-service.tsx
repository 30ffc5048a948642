import type { ReactNode } from "react";
import { Link } from "react-router";
import { useStatus } from "../features/system/system-api.ts";

/**
 * The customer-service link: the operator's address (a site path or an outside chat page),
 * or the help centre when none is set.
 */
export function CustomerServiceLink(props: {
  className?: string;
  children: ReactNode;
  testId?: string;
  label?: string;
}) {
  const { data: status } = useStatus();
  const url = status?.customerService.url || "/help";
  if (url.startsWith("/")) {
    return (
      <Link to={url} className={props.className} data-testid={props.testId} aria-label={props.label}>
        {props.children}
      </Link>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={props.className}
      data-testid={props.testId}
      aria-label={props.label}
    >
      {props.children}
    </a>
  );
}
