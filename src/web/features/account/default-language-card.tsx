import { useMutation, useQueryClient } from '@tanstack/react-query';
import { languageName, AUTO_LANGUAGE } from '../../../core/languages';
import { LanguageSelect } from '../../components/language-select';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import {
  DEFAULT_LANGUAGE_KEY,
  saveDefaultLanguage,
  useDefaultLanguage,
} from '../transcription-data/speech-settings';
import { toast } from '../toasts/toast-store';

/** The language uploads and recordings use unless the upload form says otherwise. */
export function DefaultLanguageCard() {
  const queryClient = useQueryClient();
  const language = useDefaultLanguage();
  const save = useMutation({
    mutationFn: saveDefaultLanguage,
    onSuccess: (updated) => {
      queryClient.setQueryData(DEFAULT_LANGUAGE_KEY, updated);
      toast({
        title: 'Language saved',
        description:
          updated.language === AUTO_LANGUAGE
            ? 'New transcripts detect the language spoken.'
            : `New transcripts expect ${languageName(updated.language)}.`,
      });
    },
    onError: (error) =>
      toast({ title: 'Could not save', description: error.message, variant: 'destructive' }),
  });
  return (
    <Card role="region" aria-labelledby="language-card-title">
      <CardHeader>
        <CardTitle id="language-card-title">Transcription language</CardTitle>
      </CardHeader>
      <CardContent>
        <LanguageSelect
          label="Default language"
          value={language}
          disabled={save.isPending}
          onChange={(chosen) => save.mutate(chosen)}
        />
      </CardContent>
    </Card>
  );
}
