import { Input } from '@/components/ui/input';

type TListSearchProps = {
  label: string;
  placeholder: string;
  value: string;
  setSearch: (text: string) => void;
  setPage: (page: number) => void;
  className: string;
};

/** A console list's search box: a new search starts again from the first page. */
export function ListSearch({ label, placeholder, value, setSearch, setPage, className }: TListSearchProps) {
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => {
        setSearch(e.target.value);
        setPage(1);
      }}
      className={className}
    />
  );
}
