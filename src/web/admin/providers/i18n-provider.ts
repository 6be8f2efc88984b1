import type { I18nProvider } from '@refinedev/core';

/** Refine's own texts (buttons, notifications) in zh-HK; the screens write their Chinese directly. */
const ZH_HK: Record<string, string> = {
  'buttons.create': '新增',
  'buttons.save': '儲存',
  'buttons.logout': '登出',
  'buttons.delete': '刪除',
  'buttons.edit': '編輯',
  'buttons.cancel': '取消',
  'buttons.confirm': '確定嗎？',
  'buttons.filter': '篩選',
  'buttons.clear': '清除',
  'buttons.refresh': '重新整理',
  'buttons.show': '查看',
  'buttons.undo': '復原',
  'buttons.import': '匯入',
  'buttons.clone': '複製',
  'buttons.list': '列表',
  'buttons.notAccessTitle': '你沒有權限進行此操作',
  'notifications.success': '成功',
  'notifications.error': '錯誤（狀態碼：{{statusCode}}）',
  'notifications.createSuccess': '已新增{{resource}}',
  'notifications.createError': '新增{{resource}}失敗（狀態碼：{{statusCode}}）',
  'notifications.editSuccess': '已更新{{resource}}',
  'notifications.editError': '更新{{resource}}失敗（狀態碼：{{statusCode}}）',
  'notifications.deleteSuccess': '已刪除{{resource}}',
  'notifications.deleteError': '刪除{{resource}}失敗（狀態碼：{{statusCode}}）',
  'notifications.importProgress': '匯入中：{{processed}}/{{total}}',
  'notifications.undoable': '你有 {{seconds}} 秒可以復原',
  warnWhenUnsavedChanges: '尚未儲存的更改將會遺失，確定離開嗎？',
  'pages.error.info': '你可能忘記把 {{action}} 加入 {{resource}} 資源。',
  'pages.error.404': '找不到此頁面',
  'pages.error.backHome': '返回主頁',
  'dashboard.title': '主控台',
};

function interpolate(text: string, options: unknown): string {
  if (!options || typeof options !== 'object') return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) =>
    String((options as Record<string, unknown>)[name] ?? ''),
  );
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const text = ZH_HK[key];
    return text ? interpolate(text, options) : (fallback ?? key);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'zh-HK',
};
