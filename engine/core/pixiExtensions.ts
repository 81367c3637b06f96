// Pixi v8 registers each display object's render pipe as a side effect of importing it, and a
// renderer only picks up pipes registered before it was created. Scenes arrive in later chunks
// (after the one Application exists), so every kind of display object a scene may use is
// registered here, before the engine creates its renderer. Without this a ParticleContainer or
// Text first imported by a scene chunk silently draws nothing.
//
// 'pixi.js/unsafe-eval' swaps the uniform, UBO, shader and particle uploaders Pixi otherwise
// generates with new Function for plain ones, and skips its eval probe: the CSP has no
// 'unsafe-eval' (server/http/security.ts). It too must come before the renderer is created.
import 'pixi.js/unsafe-eval';
import 'pixi.js/graphics';
import 'pixi.js/mesh';
import 'pixi.js/particle-container';
import 'pixi.js/sprite-tiling';
import 'pixi.js/sprite-nine-slice';
import 'pixi.js/text';
import 'pixi.js/text-bitmap';
import { BitmapFontManager, CanvasTextMetrics } from 'pixi.js';
import { installBatchTextureCap } from './batchTextures';
import { installCanvasBitmapTextUpdates } from './canvasBitmapText';
import { installTintedCanvasParticles } from './canvasParticles';
import { installOwnParticleShaders } from './particleShaders';
import { splitGraphemes } from './graphemes';

installTintedCanvasParticles();
installOwnParticleShaders();
installBatchTextureCap();
installCanvasBitmapTextUpdates();

// Pixi splits bitmap text and wrapped text into graphemes with Intl.Segmenter, its documented
// hook for a replacement; this one builds a segmenter only for text that needs one.
CanvasTextMetrics.graphemeSegmenter = splitGraphemes;

// A bitmap font made at scene start measures every pair of its glyphs for kerning: about 1,500
// canvas measurements for the 22 number glyphs, a third of a scene's start on a phone. The app's
// bitmap text shows numbers, whose digits a UI font sets tabular (no kerning between them).
BitmapFontManager.defaultOptions.skipKerning = true;
