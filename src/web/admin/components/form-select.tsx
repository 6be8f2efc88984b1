import { useSelect } from '@refinedev/antd';
import { Select, type SelectProps } from 'antd';

/**
 * A Select inside a required Form.Item: antd hands `aria-required` to the Select's wrapper div, where
 * it is not an allowed attribute (axe: aria-allowed-attr); the field's label still says it is required.
 */
export function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

/** A Select's props for picking one of `resource`'s records by name, searched on the server (`q`) as one types. */
export function useNameSelect(resource: string) {
  return useSelect<{ id: string; name: string }>({
    resource,
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (q) => [{ field: 'q', operator: 'eq', value: q }],
  }).selectProps;
}
