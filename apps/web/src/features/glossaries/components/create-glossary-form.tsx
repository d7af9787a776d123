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

export interface CreateGlossaryFormProps {
  /** Called with the status line to show: created, or the error. */
  onStatus: (text: string) => void;
  onCreated?: (glossary: Glossary) => void;
}

/**
 * Crear glosario: name, base and target language (es → en by default) and an optional
 * description. 'Crear glosario' is enabled only with a non-blank name; the same language
 * on both sides is refused before anything is sent.
 */
export function CreateGlossaryForm({ onStatus, onCreated }: CreateGlossaryFormProps) {
  const createGlossary = useCreateGlossary();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createGlossaryInputSchema),
    mode: 'onTouched',
    defaultValues: {
      nombre: '',
      idioma_origen: DEFAULT_SOURCE_LANGUAGE,
      idioma_meta: DEFAULT_TARGET_LANGUAGE,
      descripcion: '',
    },
  });
  const [nombre, origen, meta] = useWatch({
    control: form.control,
    name: ['nombre', 'idioma_origen', 'idioma_meta'],
  });
  const { errors, isSubmitting } = form.formState;
  const sameLanguages = origen === meta;
  const hasName = (nombre ?? '').trim().length > 0;

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
          label={es.create.name}
          required
          maxLength={GLOSSARY_NAME_MAX}
          error={errors.nombre?.message}
          {...form.register('nombre')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label={es.create.sourceLanguage}
            data={optionsOf(SOURCE_LANGUAGES)}
            {...form.register('idioma_origen')}
          />
          <NativeSelect
            label={es.create.targetLanguage}
            data={optionsOf(TARGET_LANGUAGES)}
            error={sameLanguages ? es.create.sameLanguages : errors.idioma_meta?.message}
            {...form.register('idioma_meta')}
          />
        </SimpleGrid>
        <Textarea
          label={es.create.description}
          placeholder={es.create.descriptionPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={GLOSSARY_DESCRIPTION_MAX}
          {...form.register('descripcion')}
        />
        <Button type="submit" disabled={!hasName} loading={isSubmitting} w="fit-content">
          {es.create.submit}
        </Button>
      </Stack>
    </form>
  );
}
