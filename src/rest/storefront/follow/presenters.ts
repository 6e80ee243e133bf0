import type { FollowState } from '../../../domain/customers/follows/store-follow.js';
import { isoTimestamp } from '../../kit/format.js';

export function presentFollowState(state: FollowState) {
  return { following: state.following, shared_contact: state.sharedContact, followed_at: isoTimestamp(state.followedAt) };
}
