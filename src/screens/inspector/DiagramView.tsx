import { LoadingLine } from '../shared/LoadingLine';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DiagramLayout } from './diagram/layout';
import { ARROWS, buildScene, COLORS, FONT_FAMILY, type DiagramOverlay, type Scene, type SceneItem } from './diagram/scene';
import { sceneToSvgString } from './diagram/svg-string';

interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 0.15;
const MAX_SCALE = 4;
const STEP = 1.2;
const PAN = 60;
/** 12px labels stay at least ~10px on screen. */
const READABLE_SCALE = 0.85;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

function SceneElement({ item }: { item: SceneItem }) {
  switch (item.kind) {
    case 'rect':
      return (
        <rect
          x={item.x}
          y={item.y}
          width={item.width}
          height={item.height}
          rx={item.rx}
          fill={item.fill}
          stroke={item.stroke}
          strokeWidth={item.strokeWidth}
          strokeDasharray={item.dash}
          data-state-id={item.stateId}
          data-marks={item.marks}
        />
      );
    case 'circle':
      return <circle cx={item.cx} cy={item.cy} r={item.r} fill={item.fill} />;
    case 'path':
      return (
        <path
          d={item.d}
          fill="none"
          stroke={item.stroke}
          strokeWidth={item.strokeWidth}
          strokeDasharray={item.dash}
          markerEnd={`url(#${item.arrow})`}
          data-transition-id={item.transitionId}
        />
      );
    case 'text':
      return (
        <text
          x={item.x}
          y={item.y}
          fontSize={item.size}
          fontWeight={item.weight}
          fontStyle={item.italic ? 'italic' : undefined}
          fill={item.fill}
          xmlSpace="preserve"
        >
          {item.text}
        </text>
      );
  }
}

function Defs() {
  return (
    <defs>
      {Object.entries(ARROWS).map(([id, color]) => (
        <marker key={id} id={id} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={8} markerHeight={8} orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" fill={color} />
        </marker>
      ))}
      <pattern id="hatch-uncovered" patternUnits="userSpaceOnUse" width={8} height={8} patternTransform="rotate(45)">
        <rect width={8} height={8} fill={COLORS.hatchBack} />
        <line x1={0} y1={0} x2={0} y2={8} stroke={COLORS.hatchLine} strokeWidth={3} />
      </pattern>
    </defs>
  );
}

export interface DiagramViewProps {
  /** Null while the layout is being computed. */
  layout: DiagramLayout | null;
  error: string | null;
  overlay: DiagramOverlay;
  machineTitle: string;
  /** File name of the SVG download, without extension. */
  fileName: string;
}

/** The scene as an SVG file the browser downloads. */
function downloadSvg(scene: Scene, fileName: string): void {
  const blob = new Blob([sceneToSvgString(scene)], { type: 'image/svg+xml' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.svg`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Zoom and pan of the viewport: fitted (or readable) for a new layout, the wheel zooming around the
 * pointer, dragging, and the keyboard once focused.
 */
function useZoomPan(layout: DiagramLayout | null, scene: Scene | null) {
  const viewport = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  const fit = useCallback(() => {
    const element = viewport.current;
    if (!element || !scene) return;
    const width = element.clientWidth || 800;
    const height = element.clientHeight || 600;
    const scale = clampScale(Math.min(width / scene.width, height / scene.height, 1));
    setView({ scale, x: (width - scene.width * scale) / 2, y: Math.max(0, (height - scene.height * scale) / 2) });
  }, [scene]);

  // A new machine (new layout) starts fitted, unless fitting would shrink its text below reading
  // size: then it starts at READABLE_SCALE from the top left and the user pans. Overlay changes
  // (live state, coverage) keep the user's zoom and pan.
  const fittedFor = useRef<DiagramLayout | null>(null);
  useEffect(() => {
    if (!layout || !scene || fittedFor.current === layout) return;
    fittedFor.current = layout;
    const element = viewport.current;
    const width = element?.clientWidth || 800;
    const height = element?.clientHeight || 600;
    if (Math.min(width / scene.width, height / scene.height) >= READABLE_SCALE) fit();
    else setView({ scale: READABLE_SCALE, x: Math.max(0, (width - scene.width * READABLE_SCALE) / 2), y: 0 });
  }, [layout, scene, fit]);

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    setView((current) => {
      const element = viewport.current;
      const px = cx ?? (element ? element.clientWidth / 2 : 0);
      const py = cy ?? (element ? element.clientHeight / 2 : 0);
      const scale = clampScale(current.scale * factor);
      const ratio = scale / current.scale;
      return { scale, x: px - (px - current.x) * ratio, y: py - (py - current.y) * ratio };
    });
  }, []);

  // React's onWheel is passive, so preventDefault (keep the page from scrolling) needs a listener.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomAt(event.deltaY < 0 ? 1.1 : 1 / 1.1, event.clientX - box.left, event.clientY - box.top);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pan = (dx: number, dy: number) => setView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));
    const actions: Record<string, () => void> = {
      '+': () => zoomAt(STEP),
      '=': () => zoomAt(STEP),
      '-': () => zoomAt(1 / STEP),
      _: () => zoomAt(1 / STEP),
      '0': fit,
      ArrowLeft: () => pan(PAN, 0),
      ArrowRight: () => pan(-PAN, 0),
      ArrowUp: () => pan(0, PAN),
      ArrowDown: () => pan(0, -PAN),
    };
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    setView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return { viewport, view, fit, zoomAt, onKeyDown, pointer: { onPointerDown, onPointerMove, onPointerUp } };
}

/**
 * The statechart, drawn by React from the shared scene (text stays text). Zoom and pan with the
 * buttons, the wheel (zooms around the pointer), dragging, or the keyboard once focused.
 */
export function DiagramView({ layout, error, overlay, machineTitle, fileName }: DiagramViewProps) {
  const { t } = useTranslation('inspector');
  const titleId = useId();
  const hintId = useId();

  const scene = useMemo(() => (layout ? buildScene(layout, overlay) : null), [layout, overlay]);

  const { viewport, view, fit, zoomAt, onKeyDown, pointer } = useZoomPan(layout, scene);

  const download = () => {
    if (scene) downloadSvg(scene, fileName);
  };

  return (
    <div>
      <Group gap="xs" mb="xs" wrap="wrap">
        <Button size="xs" variant="default" onClick={() => zoomAt(STEP)} disabled={!scene}>
          {t('diagram.zoomIn')}
        </Button>
        <Button size="xs" variant="default" onClick={() => zoomAt(1 / STEP)} disabled={!scene}>
          {t('diagram.zoomOut')}
        </Button>
        <Button size="xs" variant="default" onClick={fit} disabled={!scene}>
          {t('diagram.fit')}
        </Button>
        <Button size="xs" variant="default" onClick={download} disabled={!scene}>
          {t('diagram.export')}
        </Button>
        <Text size="sm" aria-live="off">
          {t('diagram.zoom', { percent: Math.round(view.scale * 100) })}
        </Text>
      </Group>
      <Text id={hintId} size="sm" c="dimmed" mb="xs">
        {t('diagram.keyboard')}
      </Text>
      {error ? (
        <Alert color="red" title={t('diagram.failed', { message: error })} />
      ) : (
        <div
          ref={viewport}
          tabIndex={0}
          role="group"
          aria-label={t('diagram.label', { machine: machineTitle })}
          aria-describedby={hintId}
          data-testid="diagram-viewport"
          onKeyDown={onKeyDown}
          onPointerDown={pointer.onPointerDown}
          onPointerMove={pointer.onPointerMove}
          onPointerUp={pointer.onPointerUp}
          onPointerCancel={pointer.onPointerUp}
          style={{
            height: '68vh',
            minHeight: 360,
            overflow: 'hidden',
            border: '1px solid #868e96',
            borderRadius: 6,
            background: '#ffffff',
            cursor: 'grab',
            touchAction: 'none',
            position: 'relative',
          }}
        >
          {scene ? (
            <svg width="100%" height="100%" role="img" aria-labelledby={titleId} data-testid="diagram-svg">
              <title id={titleId}>{scene.title}</title>
              <Defs />
              <g transform={`translate(${view.x} ${view.y}) scale(${view.scale})`} fontFamily={FONT_FAMILY}>
                {scene.items.map((item) => (
                  <SceneElement key={item.key} item={item} />
                ))}
              </g>
            </svg>
          ) : (
            <LoadingLine label={t('diagram.loading')} p="md" />
          )}
        </div>
      )}
    </div>
  );
}
