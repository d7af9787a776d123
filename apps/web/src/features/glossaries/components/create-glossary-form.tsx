import { zodResolver } from '@hookform/resolvers/zod';
import {
  createGlossaryInputSchema,
  DEFAULT_SOURCE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  GLOSSARY_DESCRIPTION_MAX,
  GLOSSARY_NAME_MAX,
  LANGUAGE_NAMES,
  type Glossary,
  type Language,
} from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/error-message.ts';
import { useCreateGlossary } from '../api/create-glossary.ts';

// The spec's option orders: base es, en, fr, de; target en, es, fr, de.
const SOURCE_LANGUAGES: Language[] = ['es', 'en', 'fr', 'de'];
const TARGET_LANGUAGES: Language[] = ['en', 'es', 'fr', 'de'];
const optionsOf = (languages: Language[]) =>
  languages.map((code) => ({ value: code, label: `${LANGUAGE_NAMES[code]} (${code})` }));

type FormInput = z.input<typeof createGlossaryInputSchema>;
type FormOutput = z.output<typeof createGlossaryInputSchema>;

/** What stops these values from being created, by field: the contract's own rules and words. */
function problemsOf(values: FormInput): Partial<Record<keyof FormInput, string>> {
  const result = createGlossaryInputSchema.safeParse(values);
  const problems: Partial<Record<keyof FormInput, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof FormInput;
    problems[field] ??= issue.message;
  }
  return problems;
}

export interface CreateGlossaryFormProps {
  /** Called with the status line to show: created, or the error. */
  onStatus: (text: string) => void;
  onCreated?: (glossary: Glossary) => void;
}

/**
 * Crear glosario: name, base and target language (es → en by default) and an optional
 * description. One rule: 'Crear glosario' is disabled while the form has a problem (a blank
 * name, the same language on both sides…), and every problem is shown at its field and
 * describes the button. A name not yet typed is a neutral hint; once typed, an error.
 */
export function CreateGlossaryForm({ onStatus, onCreated }: CreateGlossaryFormProps) {
  const createGlossary = useCreateGlossary();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createGlossaryInputSchema),
    defaultValues: {
      nombre: '',
      idioma_origen: DEFAULT_SOURCE_LANGUAGE,
      idioma_meta: DEFAULT_TARGET_LANGUAGE,
      descripcion: '',
    },
  });
  const [nombre, origen, meta, descripcion] = useWatch({
    control: form.control,
    name: ['nombre', 'idioma_origen', 'idioma_meta', 'descripcion'],
  });
  const { isSubmitting, dirtyFields, touchedFields } = form.formState;
  const problems = problemsOf({ nombre, idioma_origen: origen, idioma_meta: meta, descripcion });
  const nameTyped = Boolean(dirtyFields.nombre || touchedFields.nombre);
  const ids = { nombre: useId(), idioma_meta: useId(), descripcion: useId() };
  // Mantine names a field's texts `{id}-description` and `{id}-error`: the button points to them.
  const problemIds = [
    problems.nombre && `${ids.nombre}-${nameTyped ? 'error' : 'description'}`,
    problems.idioma_meta && `${ids.idioma_meta}-error`,
    problems.descripcion && `${ids.descripcion}-error`,
  ].filter(Boolean);

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const glossary = await createGlossary.mutateAsync({
        ...values,
        descripcion: values.descripcion?.trim() || null,
      });
      onStatus(format(es.create.created, { name: glossary.nombre }));
      form.reset();
      onCreated?.(glossary);
    } catch (error) {
      onStatus(format(es.create.createError, { detail: errorMessage(error) }));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={es.create.formTitle}>
      <Stack gap="sm">
        <TextInput
          id={ids.nombre}
          label={es.create.name}
          required
          maxLength={GLOSSARY_NAME_MAX}
          description={!nameTyped && problems.nombre}
          error={nameTyped && problems.nombre}
          {...form.register('nombre')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label={es.create.sourceLanguage}
            data={optionsOf(SOURCE_LANGUAGES)}
            {...form.register('idioma_origen')}
          />
          <NativeSelect
            id={ids.idioma_meta}
            label={es.create.targetLanguage}
            data={optionsOf(TARGET_LANGUAGES)}
            error={problems.idioma_meta}
            {...form.register('idioma_meta')}
          />
        </SimpleGrid>
        <Textarea
          id={ids.descripcion}
          label={es.create.description}
          error={problems.descripcion}
          placeholder={es.create.descriptionPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={GLOSSARY_DESCRIPTION_MAX}
          {...form.register('descripcion')}
        />
        <Button
          type="submit"
          disabled={problemIds.length > 0}
          aria-describedby={problemIds.join(' ') || undefined}
          loading={isSubmitting}
          w="fit-content"
        >
          {es.create.submit}
        </Button>
      </Stack>
    </form>
  );
}

