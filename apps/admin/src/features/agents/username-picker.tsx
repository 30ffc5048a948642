import { isAgentType } from "@panalo/contracts/agent-types";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { z } from "zod";
import { api } from "../../lib/api.ts";

const Suggestion = z.object({ id: z.number(), username: z.string(), isAgent: z.number() });
export type Suggestion = z.infer<typeof Suggestion>;
const SuggestionsValue = z.object({ items: z.array(Suggestion) });

/** Suggestions start from this many typed characters: fewer match half the members. */
const MIN_TYPED = 2;
const SUGGESTIONS_MAX = 8;

/** The suggestions that fit: agents only for an upline (only an agent can have downlines). */
export function suggestionsFor(items: readonly Suggestion[], agentsOnly: boolean): Suggestion[] {
  return items.filter((s) => !agentsOnly || isAgentType(s.isAgent)).slice(0, SUGGESTIONS_MAX);
}

/** The suggestion whose username is exactly what was typed (usernames compare without case). */
export function pickByUsername(items: readonly Suggestion[], typed: string): Suggestion | null {
  const want = typed.trim().toLowerCase();
  if (!want) return null;
  return items.find((s) => s.username.toLowerCase() === want) ?? null;
}

/** Members whose username contains the typed text, from the agents tree's search. */
export function useUsernameSuggestions(typed: string, agentsOnly: boolean) {
  const q = typed.trim();
  const query = useQuery({
    queryKey: ["agents", "suggest", q],
    queryFn: ({ signal }) =>
      api.get(`/agents/tree?q=${encodeURIComponent(q)}&pageSize=50`, SuggestionsValue, signal),
    enabled: q.length >= MIN_TYPED,
    placeholderData: keepPreviousData,
  });
  return q.length >= MIN_TYPED ? suggestionsFor(query.data?.items ?? [], agentsOnly) : [];
}

/**
 * A username box with suggestions as the operator types (the browser's own list, so keyboard and
 * screen readers work as in any field). The caller resolves the typed name with pickByUsername.
 */
export function UsernamePicker({
  label,
  value,
  onChange,
  suggestions,
  placeholder,
  testId,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  suggestions: readonly Suggestion[];
  placeholder: string;
  testId: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span className="field-label">{label}</span>
      <input
        id={id}
        type="search"
        className="input input--search"
        list={`${id}-list`}
        autoComplete="off"
        value={value}
        maxLength={40}
        required={required}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      <datalist id={`${id}-list`} data-testid={`${testId}-suggestions`}>
        {suggestions.map((s) => (
          <option key={s.id} value={s.username} />
        ))}
      </datalist>
    </label>
  );
}
