import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Every statement on chat_room, chat_member, chat_message (and its archive) and chat_poll_vote. */
@Injectable()
export class ChatRepository {
  constructor(private readonly dataSource: DataSource) {}
}
