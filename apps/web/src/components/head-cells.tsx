/** A table's header cells in order, each with its own classes (alignment, width, padding) or none. */
export function HeadCells({ cells }: { cells: readonly (readonly [label: React.ReactNode, className?: string])[] }) {
  return (
    <>
      {cells.map(([label, className], i) => (
        <th key={i} scope="col" className={className}>
          {label}
        </th>
      ))}
    </>
  );
}
