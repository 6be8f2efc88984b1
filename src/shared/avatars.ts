/** The preset avatars anyone may choose on /my/avatar (files under public/media/avatars). */
export const AVATAR_PRESETS = [
  { image: '/media/avatars/lion-dance.svg', label: '醒獅' },
  { image: '/media/avatars/star-ferry.svg', label: '天星小輪' },
  { image: '/media/avatars/milk-tea.svg', label: '奶茶' },
  { image: '/media/avatars/egg-tart.svg', label: '蛋撻' },
  { image: '/media/avatars/tram.svg', label: '叮叮' },
  { image: '/media/avatars/bauhinia.svg', label: '洋紫荊' },
] as const;

export const isPresetAvatar = (image: string) => AVATAR_PRESETS.some((p) => p.image === image);
