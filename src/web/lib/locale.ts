import zhHK from 'antd-mobile/es/locales/zh-HK';

/**
 * antd-mobile's zh-HK locale leaves some strings in English (they fall back to its base locale),
 * among them names that screen readers read out, e.g. the Stepper's "increase".
 */
export const locale: typeof zhHK = {
  ...zhHK,
  Calendar: {
    ...zhHK.Calendar,
    title: '選擇日期',
    confirm: '確定',
    start: '開始',
    end: '結束',
    startAndEnd: '開始／結束',
    today: '今日',
  },
  DatePicker: { ...zhHK.DatePicker, tillNow: '至今' },
  ImageUploader: { ...zhHK.ImageUploader, upload: '上載' },
  InfiniteScroll: { ...zhHK.InfiniteScroll, failedToLoad: '載入失敗', retry: '重試' },
  Input: { ...zhHK.Input, clear: '清除' },
  PasscodeInput: { ...zhHK.PasscodeInput, name: '密碼輸入' },
  SearchBar: { ...zhHK.SearchBar, name: '搜尋' },
  Slider: { ...zhHK.Slider, name: '滑桿' },
  Stepper: { ...zhHK.Stepper, decrease: '減少', increase: '增加' },
  Switch: { ...zhHK.Switch, name: '開關' },
  Selector: { ...zhHK.Selector, name: '選擇器' },
};
