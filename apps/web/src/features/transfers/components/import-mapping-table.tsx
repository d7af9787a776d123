import type { ImportMapping } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { NativeSelect, Table, Text } from '@mantine/core';
import type { MappingOption } from '../utils/import-mapping.ts';
import { sampleValues } from '../utils/import-mapping.ts';
import classes from './import-mapping-table.module.css';

export interface ImportMappingTableProps {
  headers: readonly string[];
  /** The first rows of the file, one cell per header. */
  rows: readonly (readonly string[])[];
  options: readonly MappingOption[];
  mapping: ImportMapping;
  onChange: (header: string, target: string) => void;
}

/** One row per detected column: its name with a sample value, and where it goes on the card. */
export function ImportMappingTable({
  headers,
  rows,
  options,
  mapping,
  onChange,
}: ImportMappingTableProps) {
  const samples = sampleValues(headers, rows);
  return (
    <Table
      striped
      withTableBorder
      verticalSpacing="xs"
      layout="fixed"
      aria-label={es.import.mappingTitle}
    >
      <Table.Thead className={classes.head}>
        <Table.Tr>
          <Table.Th scope="col">{es.import.column}</Table.Th>
          <Table.Th scope="col" w="50%">
            {es.import.destination}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {headers.map((header, index) => (
          <Table.Tr key={header} className={classes.row}>
            {/* The name, and below it a sample value; on a phone the select goes below. */}
            <Table.Th scope="row" fw="normal" style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={600}>
                {header}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {es.import.sample}: {samples[index] || es.import.emptySample}
              </Text>
            </Table.Th>
            <Table.Td>
              <NativeSelect
                size="sm"
                aria-label={format(es.import.destinationLabel, { header })}
                data={options.map((o) => ({ value: o.value, label: o.label }))}
                value={mapping[header] ?? 'ignorar'}
                onChange={(event) => onChange(header, event.currentTarget.value)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
