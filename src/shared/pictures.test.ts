import { describe, expect, it } from 'vitest';
import { pictureAt, thumbnail } from './pictures';

describe('pictureAt', () => {
  it("asks a stored picture's narrower variant", () => {
    expect(thumbnail('/uploads/card_info/upl_1/640.webp')).toBe('/uploads/card_info/upl_1/320.webp');
    expect(pictureAt('https://cdn.example/product/upl_2/1280.webp', 640)).toBe(
      'https://cdn.example/product/upl_2/640.webp',
    );
    expect(thumbnail('/media/cards/ci_night_ferry/640.webp')).toBe('/media/cards/ci_night_ferry/320.webp');
  });

  it('leaves a picture as it is when no narrower variant is known', () => {
    expect(thumbnail('/uploads/card_info/upl_1/320.webp')).toBe('/uploads/card_info/upl_1/320.webp');
    expect(thumbnail('/uploads/card_info/upl_1/500.webp')).toBe('/uploads/card_info/upl_1/500.webp');
    expect(thumbnail('/media/avatars/tram.svg')).toBe('/media/avatars/tram.svg');
    expect(thumbnail('/media/x/640.webp?v=2')).toBe('/media/x/640.webp?v=2');
  });
});
