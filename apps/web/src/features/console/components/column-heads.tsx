/** A console list's plain column headers, in order (sortable or hidden-label headers are written out where used). */
export function ColumnHeads({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name) => (
        <th key={name} scope="col" className="px-3 py-2 font-medium">
          {name}
        </th>
      ))}
    </>
  );
}
