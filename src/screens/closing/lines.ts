import type { TFunction } from 'i18next';
import { zReportLines, type ZReportLine } from '../../rules/closing/zReport';
import type { ZReport } from '../../services/closing/schemas';

/**
 * What the screen and the paper show of a report: zReportLines (the spreadsheet's lines too, D306),
 * each with its label in the language asked and its figures as text. One function, so the screen and
 * the paper cannot show different lines.
 */
export interface ShownLine extends ZReportLine {
  label: string;
}

export function shownLines(report: ZReport, t: TFunction): ShownLine[] {
  return zReportLines(report.figures).map((line) => ({ ...line, label: t(`closing:${line.labelKey}`, line.labelValues ?? {}) }));
}

export const sectionsOf = (lines: readonly ShownLine[]) =>
  lines.reduce<Array<{ section: ShownLine['section']; lines: ShownLine[] }>>((groups, line) => {
    const last = groups[groups.length - 1];
    if (last && last.section === line.section) last.lines.push(line);
    else groups.push({ section: line.section, lines: [line] });
    return groups;
  }, []);
