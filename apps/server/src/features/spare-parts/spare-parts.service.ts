// The spare-parts area's published service: what other areas use to move stock (maintenance
// consumes parts when a work order completes; purchase orders receive them).
export { applyMovement, plainQuantity, type Movement } from './stock-movements';
export { lastUnitPriceSql, requireActivePart, requireLocation } from './parts.service';
