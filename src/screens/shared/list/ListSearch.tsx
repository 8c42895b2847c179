import type { CSSProperties } from 'react';
import { TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { SearchEvent } from '../../../machines/shared/list/search';
import { SubmitForm } from '../form/SubmitForm';

/** What ListSearch needs of a list actor with search boxes (defineList's `search`). */
export interface SearchActor<Field extends string> extends Pick<AnyActorRef, 'subscribe'> {
  getSnapshot(): { context: { typed: Record<Field, string> } };
  send(event: SearchEvent<Field>): void;
}

export interface ListSearchProps<Field extends string> {
  actor: SearchActor<Field>;
  /** The box (`q` for a list with one). */
  field: Field;
  label: string;
  description?: string;
  /** An example of what to type (never the label's replacement). */
  placeholder?: string;
  /** The landmark's own name, when the page has more than one search (the label by default). */
  landmarkLabel?: string;
  maxLength: number;
  /** Where the box sits in its row (the form takes it, so a row of filters lays out as before). */
  style?: CSSProperties;
  /** The same for a width that changes with the screen (a CSS module class on the form). */
  className?: string;
  w?: number | string;
  maw?: number | string;
  'data-testid'?: string;
}

/**
 * A list's search box (D287): what is typed goes to the machine as SEARCH.TYPE (it applies after the
 * list's debounce, doc 2 §9), Enter as SEARCH.SUBMIT (at once); the box shows the machine's `typed`,
 * so Back or an edited address puts the address's text in it.
 */
export function ListSearch<Field extends string>(props: ListSearchProps<Field>) {
  const { actor, field } = props;
  const value = useSelector(actor, (s) => s.context.typed[field]);
  return (
    <SubmitForm
      role="search"
      aria-label={props.landmarkLabel ?? props.label}
      style={props.style}
      className={props.className}
      onSubmit={() => actor.send({ type: 'SEARCH.SUBMIT' })}
    >
      <TextInput
        type="search"
        label={props.label}
        description={props.description}
        placeholder={props.placeholder}
        value={value}
        maxLength={props.maxLength}
        onChange={(e) => actor.send({ type: 'SEARCH.TYPE', field, value: e.currentTarget.value })}
        w={props.w}
        maw={props.maw}
        data-testid={props['data-testid']}
      />
    </SubmitForm>
  );
}
