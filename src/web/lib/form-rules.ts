import type { FormItemProps } from 'antd-mobile';
import type { ZodType } from 'zod';

export type FormRule = NonNullable<FormItemProps['rules']>[number];

/**
 * A form field rule from a shared zod schema, so the form shows the same zh-HK message the server
 * would give. An empty text counts as "not given".
 */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const input = typeof value === 'string' && value.trim() === '' ? undefined : value;
      const result = schema.safeParse(input);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '輸入不正確');
    },
  };
}
