import type { Slot } from '../slot.js';

export type EndorsementContent = { slot: Slot; index: number; endorsed_block: string };

export type SecureShareEndorsement = {
  content: EndorsementContent;
  signature: string;
  content_creator_pub_key: string;
  content_creator_address: string;
  id: string;
};

/** One element of the `get_endorsements` result. */
export type EndorsementInfo = {
  id: string;
  in_pool: boolean;
  in_blocks: string[];
  is_final: boolean;
  endorsement: SecureShareEndorsement;
};
