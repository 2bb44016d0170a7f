/** The caption (for assistive technology) and the column headers of a data-table.module.css table. */
export function DataTableHead({ caption, columns }: { caption: string; columns: readonly string[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
