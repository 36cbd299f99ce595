import { alertsRouter } from '../features/alerts/alerts.router';
import { authRouter } from '../features/auth/auth.router';
import { dashboardRouter } from '../features/dashboard/dashboard.router';
import { energyRouter } from '../features/energy/energy.router';
import { deviceCredentialsRouter } from '../features/device-credentials/device-credentials.router';
import { datacentersRouter } from '../features/datacenters/datacenters.router';
import { emailRouter } from '../features/email/email.router';
import { eventsRouter } from '../features/events/events.router';
import { equipmentRouter } from '../features/equipment/equipment.router';
import { facilitiesRouter } from '../features/facilities/facilities.router';
import { hvacRouter } from '../features/hvac/hvac.router';
import { lightsRouter } from '../features/lights/lights.router';
import { liveRouter } from '../features/live/live.router';
import { maintenanceRouter } from '../features/maintenance/maintenance.router';
import { privacyRouter } from '../features/privacy/privacy.router';
import { purchaseOrdersRouter } from '../features/purchase-orders/purchase-orders.router';
import { motorsRouter } from '../features/motors/motors.router';
import { notificationsRouter } from '../features/notifications/notifications.router';
import { roomsRouter } from '../features/rooms/rooms.router';
import { settingsRouter } from '../features/settings/settings.router';
import { smsRouter } from '../features/sms/sms.router';
import { suppliersRouter } from '../features/suppliers/suppliers.router';
import { sparePartsRouter } from '../features/spare-parts/spare-parts.router';
import { systemRouter } from '../features/system/system.router';
import { telemetryRouter } from '../features/plant/readings.router';
import { registryRouter } from '../features/plant/registry.router';
import { usersRouter } from '../features/users/users.router';
import { weatherRouter } from '../features/weather/weather.router';
import { router } from './init';

/** Every area's router, composed once. The client imports only the type. */
export const appRouter = router({
  alerts: alertsRouter,
  auth: authRouter,
  dashboard: dashboardRouter,
  datacenters: datacentersRouter,
  deviceCredentials: deviceCredentialsRouter,
  email: emailRouter,
  energy: energyRouter,
  equipment: equipmentRouter,
  events: eventsRouter,
  facilities: facilitiesRouter,
  hvac: hvacRouter,
  lights: lightsRouter,
  live: liveRouter,
  maintenance: maintenanceRouter,
  privacy: privacyRouter,
  purchaseOrders: purchaseOrdersRouter,
  motors: motorsRouter,
  notifications: notificationsRouter,
  registry: registryRouter,
  rooms: roomsRouter,
  settings: settingsRouter,
  sms: smsRouter,
  suppliers: suppliersRouter,
  spareParts: sparePartsRouter,
  system: systemRouter,
  telemetry: telemetryRouter,
  users: usersRouter,
  weather: weatherRouter,
});

export type AppRouter = typeof appRouter;
