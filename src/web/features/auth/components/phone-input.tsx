import { Input } from 'antd-mobile';
import { PHONE_REGIONS, toE164, type PhoneRegion } from '../../../../shared/phone';
import { PhoneSchema } from '../../../../shared/schemas/auth';
import type { FormRule } from '../../../lib/form-rules';

export interface PhoneValue {
  region: PhoneRegion;
  number: string;
}

export const EMPTY_PHONE: PhoneValue = { region: 'HK', number: '' };

/** The number in E.164 for the chosen region, or null. */
export function phoneE164(value: PhoneValue | undefined): string | null {
  if (!value || value.number.trim() === '') return null;
  return toE164(value.number, value.region);
}

/** What the shared PhoneSchema says about the region + number (empty, invalid or fine). */
export function phoneError(value: PhoneValue | undefined): string | null {
  const number = value?.number.trim() ?? '';
  const dial = PHONE_REGIONS.find((r) => r.region === value?.region)?.dial ?? '+852';
  // A number that is not valid in the chosen region is checked as "+<dial><number>", so a valid
  // number of another region does not slip through.
  const input = number === '' ? undefined : (phoneE164(value) ?? `${dial}${number}`);
  const result = PhoneSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? '請輸入有效的手機號碼');
}

export const phoneRule: FormRule = {
  validator: async (_rule, value: PhoneValue | undefined) => {
    const error = phoneError(value);
    if (error) throw new Error(error);
  },
};

/** Region picker (+852 by default, +853, +86) and the mobile number. */
export function PhoneInput({ id, value = EMPTY_PHONE, onChange }: { id?: string; value?: PhoneValue; onChange?: (value: PhoneValue) => void }) {
  return (
    <div className="phone-input">
      <select
        className="phone-region"
        aria-label="地區"
        value={value.region}
        onChange={(e) => onChange?.({ ...value, region: e.target.value as PhoneRegion })}
      >
        {PHONE_REGIONS.map((r) => (
          <option key={r.region} value={r.region}>
            {r.label}
          </option>
        ))}
      </select>
      <Input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="手機號碼"
        maxLength={20}
        value={value.number}
        onChange={(number) => onChange?.({ ...value, number })}
        clearable
      />
    </div>
  );
}
