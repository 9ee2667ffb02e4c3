// What a canvas chart (TradingView Lightweight Charts) has painted, read back from its canvases:
// the pixels of given colours, grouped into blobs (a dot, a candle body, a stretch of line), so a
// test can say "two green dots and two red ones, in this order" of a drawing that has no DOM.
import type { Locator } from '@playwright/test';

export interface Blob {
  /** The name the test gave the colour. */
  colour: string;
  /** The blob's centre and size in CSS pixels, from the canvas's left and top. */
  x: number;
  y: number;
  pixels: number;
}

/**
 * The blobs of exactly these colours ('#rrggbb', fully opaque: the inside of a shape, not its
 * anti-aliased edge) on every canvas inside `chart`, left to right. Pixels of one colour that touch
 * (8 neighbours) are one blob.
 */
export async function colourBlobs(chart: Locator, colours: Record<string, string>): Promise<Blob[]> {
  return chart.evaluate((root, wanted) => {
    const targets = Object.entries(wanted).map(([name, hex]) => ({
      name,
      rgb: [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)),
    }));
    const found: { colour: string; x: number; y: number; pixels: number }[] = [];
    for (const canvas of root.querySelectorAll('canvas')) {
      const { width, height } = canvas;
      const context = canvas.getContext('2d');
      if (!context || width === 0 || height === 0) continue;
      const data = context.getImageData(0, 0, width, height).data;
      const scale = width / (canvas.getBoundingClientRect().width || width);
      const seen = new Uint8Array(width * height);
      const colourAt = (i: number) =>
        data[i * 4 + 3] === 255
          ? targets.findIndex(
              (t) => t.rgb[0] === data[i * 4] && t.rgb[1] === data[i * 4 + 1] && t.rgb[2] === data[i * 4 + 2],
            )
          : -1;
      for (let start = 0; start < width * height; start++) {
        if (seen[start]) continue;
        const colour = colourAt(start);
        if (colour === -1) continue;
        // Flood fill the blob from its first pixel.
        let count = 0;
        let sumX = 0;
        let sumY = 0;
        const stack = [start];
        seen[start] = 1;
        while (stack.length > 0) {
          const i = stack.pop() as number;
          const px = i % width;
          const py = (i - px) / width;
          count++;
          sumX += px;
          sumY += py;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const nx = px + dx;
              const ny = py + dy;
              if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
              const j = ny * width + nx;
              if (seen[j] || colourAt(j) !== colour) continue;
              seen[j] = 1;
              stack.push(j);
            }
          }
        }
        found.push({
          colour: targets[colour]?.name ?? '',
          x: sumX / count / scale,
          y: sumY / count / scale,
          pixels: count,
        });
      }
    }
    return found.sort((a, b) => a.x - b.x);
  }, colours);
}
