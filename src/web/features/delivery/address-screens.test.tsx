import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { stores } from '../../lib/stores';
import { screenRoutes } from '../../testing/screen-test';
import AddressEditScreen from './address-edit-screen';
import AddressScreen from './address-screen';
import { deliveryServer } from './delivery-fixtures';

const server = deliveryServer();
const { requested, bodyOf } = server;

const renderAt = screenRoutes([
  { path: '/my/address', element: <AddressScreen /> },
  { path: '/my/address/edit', element: <AddressEditScreen /> },
]);

describe('/my/address', () => {
  it('lists the book with the default tag, sets a default and deletes after confirming', async () => {
    renderAt('/my/address');
    const list = await screen.findByRole('list', { name: '收貨地址' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('預設')).toBeTruthy();
    expect(screen.getByText('九龍 觀塘區 觀塘道 1 號')).toBeTruthy();
    expect(screen.getAllByText('9123 4567')).toHaveLength(2);
    await waitFor(() => expect(stores.address.get('addressList')).toHaveLength(2));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '把「李小明」的地址設為預設' }));
    });
    expect(bodyOf('address/setDefault')).toEqual({ id: 'adr_2' });
    await waitFor(() => expect(requested('address/list')).toHaveLength(2));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '收貨地址' }))
          .getByText('預設')
          .closest('li')!.textContent,
      ).toContain('李小明'),
    );

    const confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刪除「陳大文」的地址' }));
    });
    expect(requested('address/delete')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '刪除「陳大文」的地址' }));
    });
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(bodyOf('address/delete')).toEqual({ id: 'adr_1' });
    await waitFor(() => expect(screen.queryByText('陳大文')).toBeNull());
  });

  it('an empty book says what to do next', async () => {
    server.book = [];
    renderAt('/my/address');
    expect(await screen.findByText('未有收貨地址')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增地址' })).toBeTruthy();
  });
});

describe('/my/address/edit', () => {
  it('adds an address with the region and district pickers; districts follow the region', async () => {
    const router = renderAt('/my/address/edit');
    const region = (await screen.findByLabelText('送貨地區')) as HTMLSelectElement;
    const district = screen.getByLabelText('分區') as HTMLSelectElement;
    expect(district.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('收件人'), { target: { value: '張三' } });
    fireEvent.change(screen.getByLabelText('收件人手機號碼'), { target: { value: '6123 4567' } });
    fireEvent.change(region, { target: { value: '新界' } });
    await waitFor(() => expect(district.disabled).toBe(false));
    expect(
      within(district)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['請選擇分區', '葵青區', '荃灣區', '屯門區', '元朗區', '北區', '大埔區', '沙田區', '西貢區']);
    fireEvent.change(district, { target: { value: '沙田區' } });
    fireEvent.change(screen.getByLabelText('詳細地址'), { target: { value: '沙田正街 3 號' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存地址' }));
    });
    await waitFor(() => expect(requested('address/add')).toHaveLength(1));
    expect(bodyOf('address/add')).toEqual({
      recipient: '張三',
      phone: '+85261234567',
      region: '新界',
      district: '沙田區',
      detail: '沙田正街 3 號',
      isDefault: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/address'));
  });

  it('shows the shared zh-HK messages and sends nothing when fields are wrong', async () => {
    renderAt('/my/address/edit');
    await screen.findByLabelText('送貨地區');
    fireEvent.change(screen.getByLabelText('收件人手機號碼'), { target: { value: '1234' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存地址' }));
    });
    await screen.findByText('請填寫收件人');
    const errors = [...document.querySelectorAll('.adm-form-item-feedback-error')].map((e) => e.textContent);
    expect(errors).toEqual([
      '請填寫收件人',
      '請輸入有效的香港、澳門或中國內地手機號碼',
      '請選擇地區（香港島、九龍、新界、離島或澳門）',
      '請先選擇地區',
      '請填寫詳細地址',
    ]);
    expect(requested('address/add')).toHaveLength(0);
  });

  it('edits an existing address, keeping the default flag it has', async () => {
    renderAt('/my/address/edit?id=adr_1');
    const recipient = (await screen.findByLabelText('收件人')) as HTMLInputElement;
    expect(recipient.value).toBe('陳大文');
    expect((screen.getByLabelText('收件人手機號碼') as HTMLInputElement).value).toBe('91234567');
    expect((screen.getByLabelText('分區') as HTMLSelectElement).value).toBe('觀塘區');
    fireEvent.change(recipient, { target: { value: '陳小文' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '儲存地址' }));
    });
    await waitFor(() => expect(requested('address/update')).toHaveLength(1));
    expect(bodyOf('address/update')).toMatchObject({
      id: 'adr_1',
      recipient: '陳小文',
      region: '九龍',
      district: '觀塘區',
      isDefault: true,
    });
  });

  it('an unknown id says the address is gone', async () => {
    renderAt('/my/address/edit?id=adr_gone');
    expect(await screen.findByText('找不到此地址')).toBeTruthy();
  });
});
