import { type KeyboardEvent, type ReactNode, useRef } from "react";

/**
 * A tab bar (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs, only the
 * selected one is in the Tab order. The panel is rendered by the caller with <TabPanel>.
 */
export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
  disabled?: boolean;
}

export function Tabs<K extends string>(props: {
  idBase: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (id: K) => void;
  label: string;
  className?: string;
  testIdPrefix?: string;
}) {
  const { idBase, items, value, onChange, label, className = "", testIdPrefix } = props;
  const list = useRef<HTMLDivElement>(null);
  const enabled = items.filter((i) => !i.disabled);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((i) => i.id === value);
    let next: TabItem<K> | undefined;
    if (e.key === "ArrowRight") next = enabled[(at + 1) % enabled.length];
    else if (e.key === "ArrowLeft") next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (e.key === "Home") next = enabled[0];
    else if (e.key === "End") next = enabled[enabled.length - 1];
    if (!next) return;
    e.preventDefault();
    onChange(next.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idBase}-tab-${next.id}`)}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} className={`tabs ${className}`} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            id={`${idBase}-tab-${item.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={selected}
            aria-controls={`${idBase}-panel`}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            data-testid={testIdPrefix ? `${testIdPrefix}${item.id}` : undefined}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel(props: {
  idBase: string;
  selected: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${props.idBase}-panel`}
      aria-labelledby={`${props.idBase}-tab-${props.selected}`}
      className={props.className}
    >
      {props.children}
    </div>
  );
}
