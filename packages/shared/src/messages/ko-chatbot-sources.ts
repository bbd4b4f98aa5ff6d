// Chatbot sources, round two (issue 29): Word (.docx) and 한글 (.hwpx) files and whole sites from their sitemap.

export const koChatbotSources = {
  server: {
    fileUnknown: 'Word(.docx)나 한글(.hwpx) 파일이 아닙니다. 파일을 확인해 주세요.',
    hwpBinary: '한글 .hwp 파일은 아직 읽을 수 없습니다. 한글에서 "다른 이름으로 저장"으로 .hwpx 또는 PDF로 저장해 올려 주세요.',
    fileBroken: '파일을 읽을 수 없습니다. 손상되었거나 암호가 걸린 파일인지 확인해 주세요.',
    fileTooBig: (mb: number) => `압축을 푼 내용이 ${mb}MB를 넘어 읽지 않았습니다. 파일을 나누어 올려 주세요.`,
    fileTooLong: (chars: number) => `글자 수가 ${chars.toLocaleString('ko-KR')}자를 넘습니다. 파일을 나누어 올려 주세요.`,
    fileNoText: '파일에서 글을 찾지 못했습니다. 그림으로만 된 문서는 읽을 수 없습니다.',
    sitemapInvalid: 'sitemap.xml을 읽지 못했습니다. 사이트맵 주소(예: https://example.com/sitemap.xml)인지 확인해 주세요.',
    sitemapEmpty: '사이트맵에 읽을 수 있는 페이지가 없습니다. 같은 사이트의 주소가 있는지, robots.txt가 막고 있지 않은지 확인해 주세요.',
    sitemapNoText: '사이트맵의 페이지에서 글을 찾지 못했습니다.',
    robotsUnavailable: '사이트의 robots.txt를 읽지 못해 가져오지 않았습니다. 잠시 후 다시 시도해 주세요.',
  },
  ui: {
    sitemap: '사이트맵',
    file: '파일',
    types: { docx: 'Word 문서', hwpx: '한글 문서', sitemap: '사이트맵', pdf: 'PDF' } as Record<string, string>,
    sitemapUrl: '사이트맵 주소',
    sitemapHint: (pages: number) => `sitemap.xml의 페이지를 최대 ${pages}개까지 가져옵니다. robots.txt를 따르며 매일 다시 가져옵니다.`,
    fileLabel: '파일 (PDF, Word .docx, 한글 .hwpx)',
    fileHint: '10MB까지. 한글 .hwp 파일은 .hwpx나 PDF로 저장해 올려 주세요.',
    fileTitle: '제목 (비우면 파일 이름)',
    fileMissing: '올릴 파일을 골라 주세요.',
    fileTooBig: '파일이 10MB를 넘습니다.',
    upload: '올리기',
  },
};
