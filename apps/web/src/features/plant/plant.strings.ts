import { defineStrings } from '../../lib/i18n/strings';

/** Words every device list shares (its filters). A kind's own words are in its feature's strings. */
export const plantStrings = defineStrings(
  {
    'filter.searchPlaceholder': 'Nome, código ou local',
    'filter.facility': 'Instalação',
    'filter.allFacilities': 'Todas as instalações',
    'filter.room': 'Sala',
    'filter.allRooms': 'Todas as salas',
    'filter.status': 'Status',
  },
  {
    'filter.searchPlaceholder': 'Name, code or location',
    'filter.facility': 'Facility',
    'filter.allFacilities': 'All facilities',
    'filter.room': 'Room',
    'filter.allRooms': 'All rooms',
    'filter.status': 'Status',
  },
);
