import { Tag } from 'antd-mobile';
import { formatAddress, type Address, type AddressSnapshot } from '../../../../shared/schemas/addresses';
import { fromE164 } from '../../../lib/phone-value';

/** `9123 4567` for a Hong Kong number, with the dial code for others. */
export function displayPhone(e164: string): string {
  const v = fromE164(e164);
  const national = v.number.length === 8 ? `${v.number.slice(0, 4)} ${v.number.slice(4)}` : v.number;
  return v.region === 'HK' ? national : `${e164.slice(0, e164.length - v.number.length)} ${national}`;
}

/** Recipient, phone and the address lines, with the 預設 tag when it is the default. */
export function AddressText({ address, isDefault }: { address: AddressSnapshot | Address; isDefault?: boolean }) {
  return (
    <div className="address-text">
      <p className="address-who">
        <span>{address.recipient}</span>
        <span className="address-phone">{displayPhone(address.phone)}</span>
        {isDefault ? (
          <Tag color="primary" fill="outline">
            預設
          </Tag>
        ) : null}
      </p>
      <p className="address-lines">{formatAddress(address)}</p>
    </div>
  );
}
