import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ADDRESSES_PER_USER } from '../../../shared/constants';
import type { Address } from '../../../shared/schemas/addresses';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { isFailure } from '../../lib/request';
import { deleteAddress } from './api/delete-address';
import { setDefaultAddress } from './api/set-default-address';
import { AddressText } from './components/address-text';
import { useAddressBook } from './components/use-address-book';
import './delivery.css';

/** /my/address: the address book; set the default, edit, delete (with confirmation), add. */
export default function AddressScreen() {
  const navigate = useNavigate();
  const book = useAddressBook();
  const full = book.items.length >= ADDRESSES_PER_USER;

  const makeDefault = async (a: Address) => {
    if (isFailure(await setDefaultAddress(a.id))) return;
    Toast.show({ icon: 'success', content: '已設為預設地址' });
    book.reload();
  };

  const remove = async (a: Address) => {
    const confirmed = await Dialog.confirm({
      'aria-label': '刪除地址',
      title: '刪除地址',
      content: `確定要刪除「${a.recipient}」的地址嗎？${a.isDefault ? '刪除後，最近新增的地址會成為預設地址。' : ''}已申請的提貨不受影響。`,
      confirmText: '刪除',
      cancelText: '取消',
    });
    if (!confirmed) return;
    if (isFailure(await deleteAddress(a.id))) return;
    Toast.show({ icon: 'success', content: '地址已刪除' });
    book.reload();
  };

  if (book.status === 'loading') return <LoadingState label="正在載入收貨地址…" />;
  if (book.status === 'error') return <ErrorState title="未能載入收貨地址" onRetry={book.reload} />;
  const add = (
    <Button color="primary" block size="large" disabled={full} onClick={() => navigate('/my/address/edit')}>
      新增地址
    </Button>
  );
  if (book.items.length === 0) {
    return (
      <EmptyState
        title="未有收貨地址"
        description="新增地址後，即可申請把實物寄到府上。"
        action={<div className="form-actions">{add}</div>}
      />
    );
  }
  return (
    <>
      <ul className="plain-list" aria-label="收貨地址">
        {book.items.map((a) => (
          <li key={a.id} className="address-card">
            <AddressText address={a} isDefault={a.isDefault} />
            <div className="address-actions">
              {!a.isDefault && (
                <Button
                  size="small"
                  fill="outline"
                  color="primary"
                  onClick={() => void makeDefault(a)}
                  aria-label={`把「${a.recipient}」的地址設為預設`}
                >
                  設為預設
                </Button>
              )}
              <Button
                size="small"
                fill="outline"
                onClick={() => navigate(`/my/address/edit?id=${encodeURIComponent(a.id)}`)}
                aria-label={`編輯「${a.recipient}」的地址`}
              >
                編輯
              </Button>
              <Button
                size="small"
                fill="outline"
                color="danger"
                onClick={() => void remove(a)}
                aria-label={`刪除「${a.recipient}」的地址`}
              >
                刪除
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        {add}
        {full && <p className="form-note">最多只可儲存 {ADDRESSES_PER_USER} 個地址，請先刪除不再使用的地址。</p>}
      </div>
    </>
  );
}
