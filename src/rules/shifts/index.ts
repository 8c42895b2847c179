/** The shifts area's public face in the rules layer: what another area (closing) may use of the drawer's rules. */
export { DENOMINATIONS, notesFor, type Denomination } from './drawer';
