/** The few strings the main process shows itself (native dialogs), in the languages the renderer speaks. */
interface UnsavedText {
  leave: string;
  stay: string;
  message: string;
  detail: string;
}

const TEXT: Record<'en' | 'zh' | 'pt', UnsavedText> = {
  en: {
    leave: 'Leave without saving',
    stay: 'Stay',
    message: 'You have unsaved changes.',
    detail: 'Close anyway and lose them?',
  },
  zh: { leave: '不保存并离开', stay: '留下', message: '有未保存的修改。', detail: '仍要关闭并丢弃这些修改吗？' },
  pt: {
    leave: 'Sair sem salvar',
    stay: 'Ficar',
    message: 'Há alterações não salvas.',
    detail: 'Fechar mesmo assim e perdê-las?',
  },
};

export function unsavedDialogText(locale: string): UnsavedText {
  const lang = locale.toLowerCase().slice(0, 2);
  return lang === 'zh' ? TEXT.zh : lang === 'pt' ? TEXT.pt : TEXT.en;
}
