import type { Api } from 'grammy';
import type { NotifyOtherAdmins } from '../notify-other-admins.js';
import type { TellPerson } from '../tell-person.js';

/** Who cases tell, over the connection of the update at hand: the replies that open a case run before the bot's features are handed theirs. */
export interface CaseTellers {
  /** Every administrator but the one(s) named, each in their language. */
  notifyOtherAdmins: NotifyOtherAdmins;
  /** One person (the orderer), in their language. */
  tellPerson: TellPerson;
}

export type CaseTellersOf = (api: Api) => CaseTellers;
