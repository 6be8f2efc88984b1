import { useEffect, useRef } from 'react';
import type { Address } from '../../../../shared/schemas/addresses';
import { stores, useList } from '../../../lib/stores';
import { useLoad } from '../../../lib/use-load';
import { listAddresses } from '../api/list-addresses';

/**
 * The address book, loaded into the seed's address store (`addressList`); `reload` after a change.
 * While it reloads, the book already shown stays on screen instead of a spinner.
 */
export function useAddressBook() {
  const state = useLoad(listAddresses, []);
  const loaded = useRef(false);
  useEffect(() => {
    if (state.status === 'ready') {
      loaded.current = true;
      stores.address.set('addressList', state.data);
    }
  }, [state.status, state.data]);
  const items = useList<Address, 'addressList'>(stores.address, 'addressList');
  const status = state.status === 'loading' && loaded.current ? 'ready' : state.status;
  return { status, items: state.status === 'ready' ? (state.data as readonly Address[]) : items, reload: state.reload };
}
