import { ChatErrorCodes, ChatMessages } from '../../contracts/chat.contract.js';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/http/domain-error.js';

/** Also for a deleted room, and for a room the caller may not know about. */
export class ChatRoomNotFoundError extends NotFoundError {
  constructor() {
    super(ChatMessages.roomNotFound, ChatErrorCodes.roomNotFound);
  }
}

export class NotChatMemberError extends ForbiddenError {
  constructor() {
    super(ChatMessages.notMember, ChatErrorCodes.notMember);
  }
}

export class OnlyHostManagesError extends ForbiddenError {
  constructor() {
    super(ChatMessages.onlyHostManages, ChatErrorCodes.notHost);
  }
}

export class ChatRoomClosedError extends ConflictError {
  constructor() {
    super(ChatMessages.roomClosed, ChatErrorCodes.roomClosed);
  }
}

export class HostCannotLeaveError extends ConflictError {
  constructor() {
    super(ChatMessages.hostCannotLeave, ChatErrorCodes.hostCannotLeave);
  }
}

export class CannotRemoveHostError extends ConflictError {
  constructor() {
    super(ChatMessages.cannotRemoveHost, ChatErrorCodes.cannotRemoveHost);
  }
}

export class PollNotFoundError extends NotFoundError {
  constructor() {
    super(ChatMessages.pollNotFound, ChatErrorCodes.pollNotFound);
  }
}

export class NotAPollError extends ValidationError {
  constructor() {
    super(ChatMessages.notAPoll, ChatErrorCodes.notAPoll);
  }
}

export class ChatUserNotFoundError extends NotFoundError {
  constructor() {
    super(ChatMessages.userNotFound, ChatErrorCodes.userNotFound);
  }
}

/** A vote for an option the poll does not have. */
export class UnknownPollOptionError extends ValidationError {
  constructor() {
    super('That option is not part of this poll.');
  }
}

/** An image message whose address is not one this API's upload endpoint handed out. */
export class ForeignImageUrlError extends ValidationError {
  constructor() {
    super('imageUrl must be the address the upload returned');
  }
}

export class SendingTooFastError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(ChatMessages.sendingTooFast, ChatErrorCodes.sendingTooFast, retryAfterSeconds);
  }
}
