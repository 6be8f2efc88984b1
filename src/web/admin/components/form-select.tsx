import { Select, type SelectProps } from 'antd';

/**
 * A Select inside a required Form.Item: antd hands `aria-required` to the Select's wrapper div, where
 * it is not an allowed attribute (axe: aria-allowed-attr); the field's label still says it is required.
 */
export function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}
