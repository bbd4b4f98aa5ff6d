import { useEffect, useId, useState } from 'react';
import type { TAdminOption } from '@suite/shared/schemas/admin-builder';
import { listOptions } from '../api/list-options';
import { inputClass, t } from './common';

/** A searchable pick list over the referenced table's readable column; the value is the referenced key. */
export function FkPicker(props: {
  seedId: string;
  appId: string;
  table: string;
  value: unknown;
  display?: string | undefined;
  onChange: (v: string | number | null) => void;
  id?: string;
  invalid?: boolean;
  label: string;
}) {
  const listId = useId();
  const [q, setQ] = useState(props.display ?? (props.value === null || props.value === undefined ? '' : String(props.value)));
  const [options, setOptions] = useState<TAdminOption[]>([]);
  useEffect(() => {
    let live = true;
    const h = setTimeout(() => {
      listOptions(props.seedId, props.appId, props.table, q)
        .then((r) => live && setOptions(r.data))
        .catch(() => live && setOptions([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(h);
    };
  }, [props.seedId, props.appId, props.table, q]);
  return (
    <div className="grid gap-1">
      <input
        id={props.id}
        aria-label={props.label}
        aria-invalid={props.invalid || undefined}
        className={inputClass}
        list={listId}
        placeholder={t.pickSearch}
        value={q}
        onChange={(e) => {
          const text = e.target.value;
          setQ(text);
          const hit = options.find((o) => `${o.label} (#${o.value})` === text);
          if (hit) {
            setQ(hit.label);
            props.onChange(hit.value);
          } else if (text === '') props.onChange(null);
          else if (/^\d+$/.test(text)) props.onChange(Number(text));
        }}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={String(o.value)} value={`${o.label} (#${o.value})`} />
        ))}
      </datalist>
    </div>
  );
}
