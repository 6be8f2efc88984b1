import { useEffect } from 'react';
import type { Address } from '../../../../shared/schemas/addresses';
import { stores, useList } from '../../../lib/stores';
import { useLoad } from '../../../lib/use-load';
import { listAddresses } from '../api/list-addresses';

/** The address book, loaded into the seed's address store (`addressList`); `reload` after a change. */
export function useAddressBook() {
  const state = useLoad(listAddresses, []);
  useEffect(() => {
    if (state.status === 'ready') stores.address.set('addressList', state.data);
  }, [state.status, state.data]);
  const items = useList<Address, 'addressList'>(stores.address, 'addressList');
  return { status: state.status, items: state.status === 'ready' ? (state.data as readonly Address[]) : items, reload: state.reload };
}
