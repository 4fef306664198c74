import { ChatMessages } from '../../contracts/chat.contract.js';
import { messagePreview, messageStatus, othersLowestMarks, personName, pollView } from './chat.views.js';

const marks = (userId: string, readSeq: number, deliveredSeq: number) => ({ userId, readSeq, deliveredSeq });

describe('chat views', () => {
  it('gives a message its status from the other members’ marks, never the sender’s own', () => {
    const statusOf = (members: Array<ReturnType<typeof marks>>) => messageStatus(5, othersLowestMarks(members, 'asha'));
    expect(statusOf([marks('asha', 0, 0), marks('ravi', 4, 5), marks('meera', 5, 5)])).toBe('delivered');
    expect(statusOf([marks('asha', 0, 0), marks('ravi', 5, 5), marks('meera', 7, 7)])).toBe('read');
    expect(statusOf([marks('asha', 9, 9), marks('ravi', 4, 4), marks('meera', 9, 9)])).toBe('sent');
    // Alone in the room: nobody has received it.
    expect(statusOf([marks('asha', 5, 5)])).toBe('sent');
  });

  it('names people as they are now, "Deleted user" once their account is gone, "User" when unnamed', () => {
    expect(personName({ name: 'Asha', photoUrl: null, gone: false })).toBe('Asha');
    expect(personName({ name: 'Asha', photoUrl: null, gone: true })).toBe(ChatMessages.deletedUser);
    expect(personName({ name: '  ', photoUrl: null, gone: false })).toBe(ChatMessages.unknownUser);
    expect(personName({ name: null, photoUrl: null, gone: false })).toBe(ChatMessages.unknownUser);
  });

  it('previews text as it is, an image as a photo and a poll by its question', () => {
    expect(messagePreview({ type: 'text', text: 'see you at 7' })).toBe('see you at 7');
    expect(messagePreview({ type: 'image', text: 'the venue' })).toBe('📷 Photo');
    expect(messagePreview({ type: 'poll', text: 'Where?' })).toBe('📊 Where?');
  });

  it('counts a poll’s votes per option, with their voters, and in total', () => {
    const poll = {
      id: 'poll-1',
      pollOptions: [
        { id: 'opt1', text: 'Gate A' },
        { id: 'opt2', text: 'Gate B' },
      ],
    };
    const votes = [
      { messageId: 'poll-1', optionId: 'opt2', userId: 'ravi' },
      { messageId: 'poll-1', optionId: 'opt2', userId: 'asha' },
      { messageId: 'poll-9', optionId: 'opt1', userId: 'meera' },
    ];
    expect(pollView(poll, votes)).toEqual({
      options: [
        { id: 'opt1', text: 'Gate A', votes: 0, voters: [] },
        { id: 'opt2', text: 'Gate B', votes: 2, voters: ['ravi', 'asha'] },
      ],
      totalVotes: 2,
    });
  });
});
