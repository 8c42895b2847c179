/** The shifts area's face for other sandbox areas: reading shifts with their figures (the Z report, D306). */
export { shiftsWhere, type ShiftRow } from './model';
